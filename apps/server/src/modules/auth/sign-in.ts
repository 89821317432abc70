/**
 * One sign-in attempt, with everything that guards it (docs/decisions/020 and 036): the per-client
 * limit, the per-(account, client) limit, the account's slowdown with the attempts in flight counted,
 * the owner's alert, and the proof of a password typed on an unconfirmed account.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forwardCookies, requestHeaders } from '../../http/web-request';
import { clientBucket } from '../rate-limit/client-address';
import { limitAttempt } from '../rate-limit/limiter';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { VERIFIED_CALLBACK } from './auth';
import { nameFor, signInAlertEmail } from './emails';
import { betterAuthCode, toAppError } from './errors';
import { isKnownDevice, rememberDevice } from './known-device';
import { findByEmail } from './repository';
import { authRequestContext, type AuthRequestContext } from './request-context';
import {
  checkSignIn,
  clearSignInFailures,
  enterSignIn,
  leaveSignIn,
  pacedDelayMs,
  recordSignInFailure,
  refuseLongWait,
  signInDelayMs,
  sleep,
} from './sign-in-guard';
import { issueSignUpProof } from './sign-up-proof';

const accountOf = (request: FastifyRequest, email: string) =>
  findByEmail(request.server.deps.database, email);

/** Mails the sign-in alert without holding up the answer (which must not differ for unknown e-mails). */
function alertOwner(request: FastifyRequest, email: string): void {
  const { mailer, config } = request.server.deps;
  void (async () => {
    const account = await accountOf(request, email);
    if (!account) return;
    const name = nameFor({ name: account.name, emailVerified: account.emailVerified });
    await mailer.send(signInAlertEmail(email, name, `${config.publicUrl}/auth`));
  })().catch((error: unknown) => request.log.error({ err: error }, 'sign-in alert e-mail failed'));
}

async function onFailure(request: FastifyRequest, reply: FastifyReply, email: string, error: unknown) {
  const { database, config } = request.server.deps;
  const client = clientBucket(request.ip);
  const code = betterAuthCode(error);
  if (code === 'EMAIL_NOT_VERIFIED') {
    // The right password on an unconfirmed account: this browser may activate it from the new link.
    const account = await accountOf(request, email);
    if (account) await issueSignUpProof(database, reply, account.id, config.secureCookies);
  }
  if (code !== 'INVALID_EMAIL_OR_PASSWORD') return;
  const account = await accountOf(request, email);
  await recordSecurityEvent(database, requestMeta(request), {
    type: 'sign_in_failed',
    userId: account?.id ?? null,
    riskLevel: 'medium',
    details: 'wrong e-mail or password',
  });
  const alert = await recordSignInFailure(database, email, client);
  if (alert && account) alertOwner(request, email);
}

/**
 * The wait before this attempt is answered, and whether it is counted among the attempts in flight
 * (which it must then leave); 429 at once when its turn is too far away.
 */
async function waitTurn(
  request: FastifyRequest,
  email: string,
): Promise<{ waitMs: number; inFlight: boolean }> {
  const { database, config, secret } = request.server.deps;
  const multiplier = config.auth.rateLimitMultiplier;
  const failures = await checkSignIn(database, email, clientBucket(request.ip), multiplier);
  if (isKnownDevice(request, secret, email, config.secureCookies)) {
    return { waitMs: signInDelayMs(failures), inFlight: false };
  }
  const ahead = await enterSignIn(database, email);
  const waitMs = pacedDelayMs(failures, ahead);
  try {
    refuseLongWait(waitMs);
  } catch (error) {
    await leaveSignIn(database, email);
    throw error;
  }
  return { waitMs, inFlight: true };
}

export async function signInAttempt(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string },
  context: AuthRequestContext,
) {
  const { database, config, auth, secret } = request.server.deps;
  const client = clientBucket(request.ip);
  await limitAttempt(database, 'signIn', client, undefined, config.auth.rateLimitMultiplier);
  const { waitMs, inFlight } = await waitTurn(request, input.email);
  try {
    if (waitMs > 0) await (request.server.deps.signInDelay ?? sleep)(waitMs);
    const { headers, response } = await authRequestContext.run(context, () =>
      auth.api.signInEmail({
        body: { email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
        headers: requestHeaders(request),
        returnHeaders: true,
      }),
    );
    forwardCookies(headers, reply);
    rememberDevice(reply, secret, input.email, config.secureCookies);
    await clearSignInFailures(database, input.email, client);
    return { user: { id: response.user.id, email: response.user.email } };
  } catch (error) {
    await onFailure(request, reply, input.email, error);
    throw toAppError(error);
  } finally {
    if (inFlight) await leaveSignIn(database, input.email);
  }
}
