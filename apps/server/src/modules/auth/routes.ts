/**
 * The account API: sign-up, e-mail verification, sign-in and out, session, password reset and Google.
 * Each route validates with the shared contract, applies the rate limits, then asks better-auth.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  emailOnlyInput,
  resetPasswordInput,
  resetTokenInput,
  signInInput,
  signUpInput,
  RESET_TOKEN_MAX_LENGTH,
  type AuthProvidersResponse,
  type SessionResponse,
} from '@vitrine/shared/api/auth';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseInput } from '../../http/validate';
import { forwardCookies, proxyToHandler, requestHeaders } from '../../http/web-request';
import { limitAttempt } from '../rate-limit/limiter';
import { recordSecurityEvent, requestMeta } from '../security-log/record';
import { readLanguage, readProfile } from '../profiles/repository';
import { AUTH_BASE_PATH, VERIFIED_CALLBACK } from './auth';
import { signInAlertEmail } from './emails';
import { checkSignIn, clearSignInFailures, recordSignInFailure, sleep } from './sign-in-guard';
import { betterAuthCode, toAppError } from './errors';
import { authRequestContext, type AuthRequestContext } from './request-context';
import { currentSession, hasSessionCookie, requireUser } from './session';
import { hashToken } from './session-store';

/** How better-auth stores a reset link's token (hashed, verification.storeIdentifier in auth.ts). */
const resetLinkKey = (token: string) => hashToken(`reset-password:${token}`);

function contextOf(request: FastifyRequest, extra: Partial<AuthRequestContext> = {}): AuthRequestContext {
  return { lang: requestLang(request), meta: requestMeta(request), ...extra };
}

async function userIdByEmail(request: FastifyRequest, email: string): Promise<string | null> {
  const rows = await request.server.deps.database.query<{ id: string }>(
    `select id from users where email = $1`,
    [email],
  );
  return rows[0]?.id ?? null;
}

/** Mails the sign-in alert without holding up the answer (which must not differ for unknown e-mails). */
function alertOwner(request: FastifyRequest, email: string): void {
  const { database, mailer, config } = request.server.deps;
  void (async () => {
    const [user] = await database.query<{ name: string }>(`select name from users where email = $1`, [email]);
    await mailer.send(signInAlertEmail(email, user?.name ?? '', `${config.publicUrl}/auth`));
  })().catch((error: unknown) => request.log.error({ err: error }, 'sign-in alert e-mail failed'));
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, database, config } = app.deps;

  app.get('/providers', async (): Promise<AuthProvidersResponse> => ({
    google: Boolean(config.auth.google),
  }));

  app.post('/sign-up', async (request, reply) => {
    const input = parseInput(signUpInput, request.body);
    await limitAttempt(database, 'signUp', request.ip, input.email, config.auth.rateLimitMultiplier);
    const { email, password, ...profile } = input;
    const name = `${profile.firstName} ${profile.lastName}`;
    const normalized = { companyName: null, jobTitle: null, phoneNumber: null, website: null, ...profile };
    try {
      await authRequestContext.run(contextOf(request, { profile: normalized }), () =>
        auth.api.signUpEmail({
          body: { email, password, name, callbackURL: VERIFIED_CALLBACK },
          headers: requestHeaders(request),
        }),
      );
    } catch (error) {
      throw toAppError(error);
    }
    // The same answer whether or not the address already had an account.
    return reply.status(201).send({ status: 'verification_sent' });
  });

  app.post('/sign-in', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!body.email || !body.password) throw new AppError('CREDENTIALS_REQUIRED');
    const input = parseInput(signInInput, body);
    const multiplier = config.auth.rateLimitMultiplier;
    await limitAttempt(database, 'signIn', request.ip, undefined, multiplier);
    const delayMs = await checkSignIn(database, input.email, request.ip, multiplier);
    if (delayMs > 0) await (app.deps.signInDelay ?? sleep)(delayMs);
    try {
      const { headers, response } = await authRequestContext.run(contextOf(request), () =>
        auth.api.signInEmail({
          body: { email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK },
          headers: requestHeaders(request),
          returnHeaders: true,
        }),
      );
      forwardCookies(headers, reply);
      await clearSignInFailures(database, input.email, request.ip);
      return { user: { id: response.user.id, email: response.user.email } };
    } catch (error) {
      if (betterAuthCode(error) === 'INVALID_EMAIL_OR_PASSWORD') {
        const userId = await userIdByEmail(request, input.email);
        await recordSecurityEvent(database, requestMeta(request), {
          type: 'sign_in_failed',
          userId,
          riskLevel: 'medium',
          details: 'wrong e-mail or password',
        });
        const alert = await recordSignInFailure(database, input.email, request.ip);
        if (alert && userId) alertOwner(request, input.email);
      }
      throw toAppError(error);
    }
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
    const passive = (request.query as { passive?: string }).passive === '1';
    const { user, session } = await requireUser(request, reply, { passive });
    reply.header('cache-control', 'no-store');
    return {
      user: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        createdAt: new Date(user.createdAt).toISOString(),
        language: await readLanguage(database, user.id),
      },
      profile: await readProfile(database, user.id),
      session: {
        expiresAt: new Date(session.expiresAt).toISOString(),
        idleTimeoutSeconds: config.auth.idleTimeoutSeconds,
        checkIntervalSeconds: config.auth.checkIntervalSeconds,
      },
    };
  });

  app.post('/verification/resend', async (request) => {
    const { email } = parseInput(emailOnlyInput, request.body);
    await limitAttempt(database, 'verification', request.ip, email, config.auth.rateLimitMultiplier);
    await authRequestContext
      .run(contextOf(request), () =>
        auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } }),
      )
      .catch((error: unknown) =>
        request.log.info({ code: betterAuthCode(error) }, 'verification e-mail not sent'),
      );
    return { status: 'sent_if_unverified' };
  });

  app.post('/password/forgot', async (request) => {
    const { email } = parseInput(emailOnlyInput, request.body);
    await limitAttempt(database, 'passwordReset', request.ip, email, config.auth.rateLimitMultiplier);
    const userId = await userIdByEmail(request, email);
    try {
      await authRequestContext.run(contextOf(request), () =>
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
    await limitAttempt(database, 'resetLinkCheck', request.ip, undefined, config.auth.rateLimitMultiplier);
    if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
    const [live] = await database.query<{ id: string }>(
      `select id from verifications where identifier = $1 and expires_at > now()`,
      [resetLinkKey(token)],
    );
    if (!live) throw new AppError('INVALID_TOKEN');
    return { status: 'valid' };
  });

  app.post('/password/reset', async (request) => {
    const { token, password } = parseInput(resetPasswordInput, request.body);
    if (token.length > RESET_TOKEN_MAX_LENGTH) throw new AppError('INVALID_TOKEN');
    const [holder] = await database.query<{ value: string }>(
      `select value from verifications where identifier = $1`,
      [resetLinkKey(token)],
    );
    try {
      await auth.api.resetPassword({ body: { newPassword: password, token } });
    } catch (error) {
      throw toAppError(error);
    }
    // Every session of the account was revoked.
    if (holder) app.sessionEnds.emit({ userId: holder.value });
    await recordSecurityEvent(database, requestMeta(request), {
      type: 'password_reset_completed',
      userId: holder?.value ?? null,
      riskLevel: 'low',
      details: 'password changed with a reset link; other sessions revoked',
    });
    return { status: 'password_changed' };
  });

  app.get('/google', async (request, reply) => {
    if (!config.auth.google) throw new AppError('GOOGLE_UNAVAILABLE');
    try {
      const { headers, response } = await auth.api.signInSocial({
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
      return reply.redirect(response.url);
    } catch (error) {
      request.log.error({ err: error }, 'Google sign-in could not start');
      throw new AppError('GOOGLE_FAILED', { cause: error });
    }
  });

  // Links and redirects that better-auth itself answers: the e-mail verification link and the OAuth
  // callback. Nothing else of its API is reachable from outside.
  const passthrough = (
    request: FastifyRequest,
    reply: Parameters<typeof proxyToHandler>[1],
    url = request.url,
  ) =>
    authRequestContext.run(contextOf(request), () =>
      proxyToHandler(request, reply, config.publicUrl, auth.handler, url),
    );
  // The link always lands on the page that says whether it worked, in the reader's language: a link
  // with its return address removed or changed, or no token at all, does too (not on a JSON answer).
  app.get(`${AUTH_BASE_PATH.replace('/api/auth', '')}/verify-email`, (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    if (!url.searchParams.get('token')) return reply.redirect(`${VERIFIED_CALLBACK}&error=INVALID_TOKEN`);
    url.searchParams.set('callbackURL', VERIFIED_CALLBACK);
    return passthrough(request, reply, `${url.pathname}${url.search}`);
  });
  app.get(`${AUTH_BASE_PATH.replace('/api/auth', '')}/callback/:providerId`, passthrough);
};
