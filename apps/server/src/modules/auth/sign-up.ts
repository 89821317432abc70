/**
 * Sign-up (docs/decisions/005 and 036). The answer is the same whether or not the address had an
 * account. An address whose account was never confirmed belongs to nobody yet: a new sign-up replaces
 * that account, its password and its profile, so the owner signing up gets in with their own password
 * and a stranger's earlier sign-up leaves nothing behind. The browser that signs up keeps the proof
 * that it chose the password (sign-up-proof.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Profile } from '@vitrine/shared/api/auth';
import { requestHeaders } from '../../http/web-request';
import { VERIFIED_CALLBACK } from './auth';
import { toAppError } from './errors';
import { deleteUnconfirmed } from './repository';
import { authRequestContext, type AuthRequestContext } from './request-context';
import { issueDecoyProof, issueSignUpProof } from './sign-up-proof';

/**
 * An unconfirmed account has had no session, no upload and no payment: removing it loses nothing
 * anyone owns. Its rows in other tables go with it (cascade), its security log lines stay unnamed.
 */
async function replaceUnconfirmed(request: FastifyRequest, email: string): Promise<void> {
  await deleteUnconfirmed(request.server.deps.database, email);
}

export async function signUpAttempt(
  request: FastifyRequest,
  reply: FastifyReply,
  input: Profile & { email: string; password: string },
  context: AuthRequestContext,
): Promise<void> {
  const { auth, database, config } = request.server.deps;
  const { email, password, ...profile } = input;
  await replaceUnconfirmed(request, email);
  const run: AuthRequestContext = { ...context, profile };
  try {
    await authRequestContext.run(run, () =>
      auth.api.signUpEmail({
        body: {
          email,
          password,
          name: `${profile.firstName} ${profile.lastName}`,
          callbackURL: VERIFIED_CALLBACK,
        },
        headers: requestHeaders(request),
      }),
    );
  } catch (error) {
    throw toAppError(error);
  }
  if (run.createdUserId) await issueSignUpProof(database, reply, run.createdUserId, config.secureCookies);
  else issueDecoyProof(reply, config.secureCookies);
}
