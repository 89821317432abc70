/**
 * better-auth set up on our database and mailer. It does the sensitive parts (password hashing,
 * sessions, signed tokens, OAuth) while our routes (routes.ts) own the API, its validation and messages.
 */
import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import { getCurrentAdapter, queueAfterTransactionHook } from '@better-auth/core/context';
import { APIError } from 'better-auth/api';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, profiles, sessions, users, verifications } from '../../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';
import { recordSecurityEvent } from '../security-log/record';
import { existingAccountEmail, nameFor, resetPasswordEmail, verificationEmail } from './emails';
import { authRequestContext } from './request-context';
import { revokeOlderResetLinks, revokeResetLinks } from './reset-links';
import { hashToken, protectSessions } from './session-store';

export const SESSION_COOKIE_PREFIX = 'vitrine';
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;
export const VERIFICATION_LINK_HOURS = 24;
export const AUTH_BASE_PATH = '/api/auth/core';
/** Where a confirmation link lands once it has worked: the home page, which says so. */
export const VERIFIED_CALLBACK = '/?verified=1';

/** Lets better-auth write the profile row inside its own sign-up transaction. */
const profileModel = {
  id: 'vitrine-profile',
  schema: {
    profile: {
      modelName: 'profiles',
      fields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        companyName: { type: 'string', required: false },
        jobTitle: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        website: { type: 'string', required: false },
        language: { type: 'string', required: false },
      },
    },
  },
} satisfies BetterAuthPlugin;

function splitName(name: string | undefined | null): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

export type AuthDeps = { config: Config; database: Database; mailer: Mailer; logger: Logger; secret: string };

export function createAuth({ config, database, mailer, logger, secret }: AuthDeps) {
  const lang = () => authRequestContext.getStore()?.lang ?? 'fr';
  const meta = () => authRequestContext.getStore()?.meta ?? { userAgent: null, path: null };
  const google = config.auth.google;
  const idle = config.auth.idleTimeoutSeconds;
  // Account e-mails go off the request path: only addresses with an account get one, so an answer that
  // waited for the mail server would tell them apart by its time. A failed delivery is logged.
  const deliver = (message: MailMessage): Promise<void> => {
    mailer.send(message).catch((error: unknown) => {
      logger.error({ err: error, subject: message.subject }, 'account e-mail not delivered');
    });
    return Promise.resolve();
  };

  return betterAuth({
    appName: 'Vitrine',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // A Google sign-in that fails before its own error address is known (a stale or forged state) lands
    // on the sign-in page, which says so, rather than on better-auth's bare error page.
    onAPIError: { errorURL: `${config.publicUrl}/auth` },
    logger: {
      level: 'error',
      log: (level, message) =>
        logger[level === 'debug' ? 'debug' : level]({ source: 'better-auth' }, message),
    },
    // Our routes apply database-backed limits of their own (modules/rate-limit).
    rateLimit: { enabled: false },
    // Session tokens stored hashed, and an absolute lifetime on top of the idle one (session-store.ts).
    database: (options: BetterAuthOptions) =>
      protectSessions(
        drizzleAdapter(database.db, {
          provider: 'pg',
          schema: { users, sessions, accounts, verifications, profiles },
          transaction: true,
        })(options),
        config.auth.maxAgeSeconds,
      ),
    // Deleting an account goes through our route (account/routes.ts), which checks the password or a
    // session less than a day old before asking better-auth to delete the user.
    user: { modelName: 'users', deleteUser: { enabled: true } },
    account: {
      modelName: 'accounts',
      // No provider is trusted blindly: Google is linked to an existing account only when its ID token
      // says the address is verified (email_verified, mapped to emailVerified below).
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    // Reset-link tokens and OAuth states are stored hashed too.
    verification: {
      modelName: 'verifications',
      storeIdentifier: { hash: async (value) => hashToken(value) },
    },
    // Sliding expiry: a session lives IDLE seconds after its last use, extended at most once a minute.
    session: {
      modelName: 'sessions',
      expiresIn: idle,
      updateAge: Math.max(1, Math.min(60, Math.floor(idle / 10))),
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { disableIpTracking: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await revokeOlderResetLinks(database, user.id, token);
        const takeLink = authRequestContext.getStore()?.onResetLink;
        if (takeLink) return takeLink(token);
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        return deliver(resetPasswordEmail(lang(), user.email, nameFor(user), url));
      },
      async onPasswordReset({ user }) {
        await revokeResetLinks(database, user.id);
      },
      // A sign-up with an address that has an account gets the same answer as any other, in the same
      // time (no account is made, nothing is awaited), and the mail the page announces does come: a
      // word that the account exists and how to get into it. Not a confirmation link, even for an
      // unconfirmed account: it would confirm whoever registered the address first, with their
      // password. Signing in (which sends a fresh link when unconfirmed) or a new password proves the
      // reader owns the address.
      onExistingUserSignUp({ user }) {
        return deliver(existingAccountEmail(lang(), user.email, nameFor(user), `${config.publicUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_HOURS * 3600,
      sendVerificationEmail({ user, url }) {
        return deliver(verificationEmail(lang(), user.email, nameFor(user), url, VERIFICATION_LINK_HOURS));
      },
      // The only way in is our confirmation route, which lets the link activate the password only in the
      // browser that chose it (confirmation.ts); anything else reaching here confirms nothing.
      beforeEmailVerification() {
        if (!authRequestContext.getStore()?.choseThePassword) {
          throw APIError.from('FORBIDDEN', { code: 'INVALID_TOKEN', message: 'not the sign-up browser' });
        }
        return Promise.resolve();
      },
    },
    plugins: [
      profileModel,
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: google.discoveryUrl,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    name: [profile.given_name, profile.family_name].filter(Boolean).join(' ') || profile.name,
                    email: profile.email ?? undefined,
                    emailVerified: profile.email_verified === true,
                    image: typeof profile.picture === 'string' ? profile.picture : undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      account: {
        create: {
          // Runs inside the sign-up transaction, right after the user row: the profile is written in
          // the same transaction, so an account never exists without its profile.
          async before(account, context) {
            if (!context) throw new Error('account creation outside an auth endpoint');
            const adapter = await getCurrentAdapter(context.context.adapter);
            const existing = await adapter.findOne({
              model: 'profile',
              where: [{ field: 'id', value: account.userId }],
            });
            if (existing) return;
            const store = authRequestContext.getStore();
            if (store) store.createdUserId = account.userId;
            const typed = store?.profile;
            let profile = typed;
            if (!profile) {
              const user = await adapter.findOne<{ name: string }>({
                model: 'user',
                where: [{ field: 'id', value: account.userId }],
              });
              profile = {
                ...splitName(user?.name),
                companyName: null,
                jobTitle: null,
                phoneNumber: null,
                website: null,
              };
            }
            await adapter.create({
              model: 'profile',
              // The language the sign-up happened in: the dashboard starts in it (decision 038).
              data: { id: account.userId, ...profile, language: store?.lang ?? null },
              forceAllowId: true,
            });
            const method = account.providerId === 'credential' ? 'e-mail and password' : account.providerId;
            await queueAfterTransactionHook(() =>
              recordSecurityEvent(database, meta(), {
                type: 'sign_up',
                userId: account.userId,
                riskLevel: 'low',
                details: `account created (${method})`,
              }),
            );
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await recordSecurityEvent(database, meta(), {
              type: 'sign_in',
              userId: session.userId,
              riskLevel: 'low',
              details: meta().path?.includes('/callback/') ? 'signed in with Google' : 'signed in',
            });
          },
        },
      },
      user: {
        create: {
          // An account is made from Google only for an address Google has verified: otherwise anyone
          // could hold an address before its owner signs up (and keep a way in after they do).
          async before(user, context) {
            if (context?.path.includes('/callback/') && user.emailVerified !== true) return false;
          },
        },
        update: {
          async after(user, context) {
            if (user.emailVerified && context?.path === '/verify-email') {
              await recordSecurityEvent(database, meta(), {
                type: 'email_verified',
                userId: user.id,
                riskLevel: 'low',
                details: 'e-mail address confirmed',
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
