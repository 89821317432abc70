/**
 * The account API: sign-up, e-mail verification, sign-in and out, session, password reset and Google.
 * Each route validates with the shared contract, applies the rate limits, then asks better-auth.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  emailOnlyInput,
  signInInput,
  signUpInput,
  type AuthProvidersResponse,
  type SessionResponse,
} from '@vitrine/shared/api/auth';
import { sessionQuery } from '@vitrine/shared/api/params';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseInput, readQuery } from '../../http/validate';
import { forwardCookies, proxyToHandler, requestHeaders } from '../../http/web-request';
import { clientBucket } from '../rate-limit/client-address';
import { limitAttempt } from '../rate-limit/limiter';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { AUTH_BASE_PATH, VERIFIED_CALLBACK } from './auth';
import { openConfirmationLink } from './confirmation';
import { betterAuthCode } from './errors';
import { googleAuthorizationUrl } from './google';
import { passwordRoutes } from './password-routes';
import { authRequestContext, type AuthRequestContext } from './request-context';
import { currentSession, hasSessionCookie, requireUser } from './session';
import { sessionResponse } from './session-response';
import { signInAttempt } from './sign-in';
import { signUpAttempt } from './sign-up';

function contextOf(request: FastifyRequest, extra: Partial<AuthRequestContext> = {}): AuthRequestContext {
  return { lang: requestLang(request), meta: requestMeta(request), ...extra };
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, database, config } = app.deps;
  const multiplier = config.auth.rateLimitMultiplier;

  app.get('/providers', async (): Promise<AuthProvidersResponse> => ({
    google: Boolean(config.auth.google),
  }));

  app.post('/sign-up', async (request, reply) => {
    const input = parseInput(signUpInput, request.body);
    await limitAttempt(database, 'signUp', clientBucket(request.ip), input.email, multiplier);
    const profile = { companyName: null, jobTitle: null, phoneNumber: null, website: null, ...input };
    await signUpAttempt(request, reply, profile, contextOf(request));
    // The same answer whether or not the address already had an account.
    return reply.status(201).send({ status: 'verification_sent' });
  });

  app.post('/sign-in', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!body.email || !body.password) throw new AppError('CREDENTIALS_REQUIRED');
    return signInAttempt(request, reply, parseInput(signInInput, body), contextOf(request));
  });

  app.post('/sign-out', async (request, reply) => {
    const session = await currentSession(request, reply);
    const { headers } = await auth.api.signOut({ headers: requestHeaders(request), returnHeaders: true });
    forwardCookies(headers, reply);
    if (session) {
      app.sessionEnds.emit({ sessionId: session.session.id });
      await recordSecurityEvent(database, requestMeta(request), {
        type: 'sign_out',
        userId: session.user.id,
        riskLevel: 'low',
        details: 'signed out',
      });
    }
    return { status: 'signed_out' };
  });

  // Every session of the account ends, this one included: for a shared or lost device.
  app.post('/sign-out-everywhere', async (request, reply) => {
    const { user } = await requireUser(request, reply);
    const { headers } = await auth.api.revokeSessions({
      headers: requestHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(headers, reply);
    app.sessionEnds.emit({ userId: user.id });
    await recordSecurityEvent(database, requestMeta(request), {
      type: 'sign_out',
      userId: user.id,
      riskLevel: 'low',
      details: 'signed out of every device',
    });
    return { status: 'signed_out' };
  });

  // "Who am I?": a visitor without a session cookie gets null (not an error); a cookie that names no valid
  // session gets 401, so the browser knows its session has ended.
  app.get('/session', async (request, reply): Promise<SessionResponse | null> => {
    if (!hasSessionCookie(request)) return reply.header('cache-control', 'no-store').send(null);
    const { passive } = readQuery(sessionQuery, request.query);
    const current = await requireUser(request, reply, { passive });
    reply.header('cache-control', 'no-store');
    return sessionResponse(request.server.deps, current);
  });

  app.post('/verification/resend', async (request) => {
    const { email } = parseInput(emailOnlyInput, request.body);
    await limitAttempt(database, 'verification', clientBucket(request.ip), email, multiplier);
    await authRequestContext
      .run(contextOf(request), () =>
        auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } }),
      )
      .catch((error: unknown) =>
        request.log.info({ code: betterAuthCode(error) }, 'verification e-mail not sent'),
      );
    return { status: 'sent_if_unverified' };
  });

  app.get('/google', async (request, reply) => {
    if (!config.auth.google) throw new AppError('GOOGLE_UNAVAILABLE');
    return reply.redirect(await googleAuthorizationUrl(request, reply));
  });

  // Links and redirects that better-auth itself answers: the e-mail verification link and the OAuth
  // callback. Nothing else of its API is reachable from outside.
  const passthrough = (
    request: FastifyRequest,
    reply: Parameters<typeof proxyToHandler>[1],
    url = request.url,
    extra: Partial<AuthRequestContext> = {},
  ) =>
    authRequestContext.run(contextOf(request, extra), () =>
      proxyToHandler(request, reply, config.publicUrl, auth.handler, url),
    );
  // The confirmation link: see confirmation.ts for when it activates the account's password.
  app.get(`${AUTH_BASE_PATH.replace('/api/auth', '')}/verify-email`, (request, reply) =>
    openConfirmationLink(request, reply, contextOf(request), (url, extra) =>
      passthrough(request, reply, url, extra),
    ),
  );
  app.get(`${AUTH_BASE_PATH.replace('/api/auth', '')}/callback/:providerId`, (request, reply) =>
    passthrough(request, reply),
  );

  await app.register(passwordRoutes);
};
