/** Signing in with Google: better-auth makes the authorization URL (and its state cookie). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { forwardCookies, requestHeaders } from '../../http/web-request';

/** Where to send the browser to sign in with Google; GOOGLE_FAILED when it cannot start. */
export async function googleAuthorizationUrl(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  try {
    const { headers, response } = await request.server.deps.auth.api.signInSocial({
      body: {
        provider: 'google',
        callbackURL: '/',
        errorCallbackURL: '/auth?error=google',
        newUserCallbackURL: '/',
      },
      headers: requestHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(headers, reply);
    if (!('url' in response) || !response.url) throw new Error('no authorization URL');
    return response.url;
  } catch (error) {
    request.log.error({ err: error }, 'Google sign-in could not start');
    throw new AppError('GOOGLE_FAILED', { cause: error });
  }
}
