/**
 * The confirmation link of an account's e-mail address (docs/decisions/036). It proves that its reader
 * receives the address's mail, not that they chose the account's password: anyone can sign up with
 * someone else's address. So the link activates the password only in the browser that chose it (its
 * sign-up proof, sign-up-proof.ts); anywhere else it leads to "choose your password", through a fresh
 * reset link that is never mailed, and the account becomes usable with the password its owner chose.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyJWT } from 'better-auth/crypto';
import { VERIFIED_CALLBACK } from './auth';
import { authRequestContext, type AuthRequestContext } from './request-context';
import { findByEmail } from './repository';
import { forgetSignUpProofs, holdsSignUpProof } from './sign-up-proof';

/** Where the reader of a confirmation link chooses the account's password. */
export const ACTIVATION_PATH = '/reset-password';

type Passthrough = (url: string, extra?: Partial<AuthRequestContext>) => Promise<FastifyReply>;

type Claims = { email?: unknown; userId?: unknown; updateTo?: unknown };

/** A reset link for the address, handed back rather than mailed: its reader has just proven the address. */
async function activationLink(request: FastifyRequest, email: string, context: AuthRequestContext) {
  let token: string | undefined;
  await authRequestContext.run({ ...context, onResetLink: (made) => (token = made) }, () =>
    request.server.deps.auth.api.requestPasswordReset({ body: { email } }),
  );
  if (!token) throw new Error('no reset link was made for an unconfirmed account');
  return `${ACTIVATION_PATH}?token=${encodeURIComponent(token)}&activate=1`;
}

export async function openConfirmationLink(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AuthRequestContext,
  passthrough: Passthrough,
): Promise<FastifyReply> {
  const { config, database, secret } = request.server.deps;
  const url = new URL(request.url, config.publicUrl);
  const token = url.searchParams.get('token');
  // A link with no token, or with its return address removed or changed, still lands on the page that
  // says whether it worked, in the reader's language.
  if (!token) return reply.redirect(`${VERIFIED_CALLBACK}&error=INVALID_TOKEN`);
  url.searchParams.set('callbackURL', VERIFIED_CALLBACK);
  const target = `${url.pathname}${url.search}`;

  const claims = (await verifyJWT(token, secret)) as Claims | null;
  const email = typeof claims?.email === 'string' && !claims.updateTo ? claims.email : undefined;
  const user = email ? await findByEmail(database, email) : undefined;
  // Unknown, expired or tampered links, and addresses already confirmed: better-auth says which.
  if (!email || !user || user.emailVerified) return passthrough(target);

  const secure = config.secureCookies;
  if (claims?.userId === user.id && (await holdsSignUpProof(database, request, user.id, secure))) {
    const answered = await passthrough(target, { choseThePassword: true });
    await forgetSignUpProofs(database, user.id);
    return answered;
  }
  return reply.redirect(await activationLink(request, email, context));
}
