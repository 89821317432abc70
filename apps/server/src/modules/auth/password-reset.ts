/**
 * Forgotten passwords: the reset link, whether it still works, and the reset itself. A reset link is
 * mailed to the address, so completing one also confirms an unconfirmed address (docs/decisions/036):
 * the account is then usable with the password its owner has just chosen.
 */
import type { FastifyRequest } from 'fastify';
import { RESET_TOKEN_MAX_LENGTH } from '@vitrine/shared/api/auth';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { toAppError } from './errors';
import { confirmEmail, findByEmail, isLiveVerification, verificationValue } from './repository';
import { authRequestContext } from './request-context';
import { resetLinkKey } from './reset-links';
import { forgetSignUpProofs } from './sign-up-proof';

/** After a reset: the address is confirmed (the link came through it), and no sign-up proof stands. */
async function confirmByReset(request: FastifyRequest, userId: string): Promise<void> {
  const { database } = request.server.deps;
  await forgetSignUpProofs(database, userId);
  if (!(await confirmEmail(database, userId))) return;
  await recordSecurityEvent(database, requestMeta(request), {
    type: 'email_verified',
    userId,
    riskLevel: 'low',
    details: 'e-mail address confirmed by choosing a password through a link sent to it',
  });
}

/** Sends a reset link to the address if it has an account; the caller answers the same either way. */
export async function sendResetLink(request: FastifyRequest, email: string): Promise<void> {
  const { auth, database, config } = request.server.deps;
  const userId = (await findByEmail(database, email))?.id ?? null;
  const context = { lang: requestLang(request), meta: requestMeta(request) };
  try {
    await authRequestContext.run(context, () =>
      auth.api.requestPasswordReset({ body: { email, redirectTo: `${config.publicUrl}/reset-password` } }),
    );
  } catch (error) {
    // The e-mail itself goes off the request path (auth.ts); this is the link failing to be made.
    request.log.error({ err: error }, 'password reset failed');
    throw new AppError('RESET_EMAIL_FAILED', { cause: error });
  }
  await recordSecurityEvent(database, requestMeta(request), {
    type: 'password_reset_requested',
    userId,
    riskLevel: 'low',
    details: userId ? 'reset link sent' : 'reset asked for an unknown address',
  });
}

/** Unknown, used and expired links are one answer (INVALID_TOKEN), the same the reset gives them. */
export async function checkResetLink(request: FastifyRequest, token: string): Promise<void> {
  if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
  if (!(await isLiveVerification(request.server.deps.database, resetLinkKey(token))))
    throw new AppError('INVALID_TOKEN');
}

/** Sets the new password; every session of the account ends, and its address is confirmed. */
export async function resetPassword(request: FastifyRequest, token: string, password: string): Promise<void> {
  const { auth, database } = request.server.deps;
  if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
  const holder = await verificationValue(database, resetLinkKey(token));
  await auth.api.resetPassword({ body: { newPassword: password, token } }).catch((error: unknown) => {
    throw toAppError(error);
  });
  if (!holder) return;
  // Every session of the account was revoked.
  request.server.sessionEnds.emit({ userId: holder });
  await recordSecurityEvent(database, requestMeta(request), {
    type: 'password_reset_completed',
    userId: holder,
    riskLevel: 'low',
    details: 'password changed with a reset link; other sessions revoked',
  });
  await confirmByReset(request, holder);
}
