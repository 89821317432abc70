/**
 * The signed-in user of a request. `requireUser` answers 401 when there is none; a cookie that no longer
 * names a valid session (expired, revoked or tampered with) is logged as a medium-risk event and cleared.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { AppError } from '../../http/app-error';
import { forwardCookies, requestHeaders } from '../../http/web-request';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { SESSION_COOKIE } from './auth';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  name: string;
};
export type CurrentSession = { user: SessionUser; session: { id: string; expiresAt: Date } };

export function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => {
    const name = part.trim().split('=')[0];
    return name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
  });
}

/**
 * `passive` reads the session without counting as activity: the browser's periodic health check uses it,
 * so an open but idle tab does not keep a session alive.
 */
export async function currentSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { passive = false } = {},
): Promise<CurrentSession | null> {
  const { auth } = request.server.deps;
  const { headers, response } = await auth.api.getSession({
    headers: requestHeaders(request),
    query: { disableRefresh: passive },
    returnHeaders: true,
  });
  // A sliding refresh re-sets the cookie with its new expiry.
  forwardCookies(headers, reply);
  return response ? { user: response.user as SessionUser, session: response.session } : null;
}

export async function requireUser(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { passive?: boolean; messageKey?: MessageKey } = {},
): Promise<CurrentSession> {
  const session = await currentSession(request, reply, options);
  if (session) return session;
  if (hasSessionCookie(request)) {
    await recordSecurityEvent(request.server.deps.database, requestMeta(request), {
      type: 'session_invalid',
      riskLevel: 'medium',
      details: 'request with an expired or invalid session',
    });
    // On https the cookie is named with the __Secure- prefix, which a browser only accepts with Secure.
    const secure = request.server.deps.config.secureCookies;
    const name = secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
    reply.header(
      'set-cookie',
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  }
  throw new AppError('UNAUTHENTICATED', { messageKey: options.messageKey });
}
