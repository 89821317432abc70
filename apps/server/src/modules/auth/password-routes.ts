/**
 * Forgotten passwords: the reset link, whether it still works, and the reset itself. A reset link is
 * mailed to the address, so completing one also confirms an unconfirmed address (docs/decisions/036):
 * the account is then usable with the password its owner has just chosen.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  emailOnlyInput,
  resetPasswordInput,
  resetTokenInput,
  RESET_TOKEN_MAX_LENGTH,
} from '@vitrine/shared/api/auth';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseInput } from '../../http/validate';
import { clientBucket } from '../rate-limit/client-address';
import { limitAttempt } from '../rate-limit/limiter';
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

export const passwordRoutes: FastifyPluginAsync = async (app) => {
  const { auth, database, config } = app.deps;
  const multiplier = config.auth.rateLimitMultiplier;

  app.post('/password/forgot', async (request) => {
    const { email } = parseInput(emailOnlyInput, request.body);
    await limitAttempt(database, 'passwordReset', clientBucket(request.ip), email, multiplier);
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
    // The same answer whether or not the address has an account.
    return { status: 'sent_if_registered' };
  });

  // Whether a reset link still works: unknown, used and expired links are one answer, the same as
  // the reset itself gives them.
  app.post('/password/check', async (request) => {
    const { token } = parseInput(resetTokenInput, request.body);
    await limitAttempt(database, 'resetLinkCheck', clientBucket(request.ip), undefined, multiplier);
    if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
    if (!(await isLiveVerification(database, resetLinkKey(token)))) throw new AppError('INVALID_TOKEN');
    return { status: 'valid' };
  });

  app.post('/password/reset', async (request) => {
    const { token, password } = parseInput(resetPasswordInput, request.body);
    if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
    const holder = await verificationValue(database, resetLinkKey(token));
    await auth.api.resetPassword({ body: { newPassword: password, token } }).catch((error: unknown) => {
      throw toAppError(error);
    });
    if (!holder) return { status: 'password_changed' };
    // Every session of the account was revoked.
    app.sessionEnds.emit({ userId: holder });
    await recordSecurityEvent(database, requestMeta(request), {
      type: 'password_reset_completed',
      userId: holder,
      riskLevel: 'low',
      details: 'password changed with a reset link; other sessions revoked',
    });
    await confirmByReset(request, holder);
    return { status: 'password_changed' };
  });
};
