import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { cookieFrom } from './helpers/accounts';
import { signedInUser } from './helpers/factories';

// A real OpenID Connect server on loopback stands in for Google: discovery, authorization with PKCE,
// token exchange, ID token and userinfo all go over HTTP exactly as they would with Google.
let oidc: OAuth2Server;
let t: TestApp;
let withoutGoogle: TestApp;

const claims = (email: string, given: string, family: string) => ({
  sub: `google-${email}`,
  email,
  email_verified: true,
  given_name: given,
  family_name: family,
  name: `${given} ${family}`,
});

let nextUser = claims('lea.bernard@gmail.test', 'Léa', 'Bernard');

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, nextUser, { aud: 'vitrine-client' });
  });
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = nextUser;
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'vitrine-client',
    GOOGLE_CLIENT_SECRET: 'vitrine-secret',
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
  });
  withoutGoogle = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await withoutGoogle.close();
  await oidc.stop();
});

/** Browser-like round trip: our redirect, the provider's consent redirect, our callback. */
async function signInWithGoogle(app: TestApp['app']) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = String(start.headers.location);
  expect(authorizeUrl.startsWith(oidc.issuer.url!)).toBe(true);
  const stateCookie = cookieFrom(start);
  // The cookie policy (apps/web/src/features/site/content/cookies.ts) names this cookie and its 5 minutes.
  expect(String(start.headers['set-cookie'])).toMatch(/^vitrine\.state=[^;]+;\s*Max-Age=300;/);
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/core/callback/google');
  const done = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: stateCookie },
  });
  return done;
}

describe('Google sign-in (OpenID Connect)', () => {
  it('the sign-in screen offers Google only when it is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
    });
    expect((await withoutGoogle.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
    });
    const res = await withoutGoogle.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GOOGLE_UNAVAILABLE');
  });

  it('a full round trip creates the account with its profile, signs in and returns to the site root', async () => {
    nextUser = claims('lea.bernard@gmail.test', 'Léa', 'Bernard');
    const done = await signInWithGoogle(t.app);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const cookie = cookieFrom(done);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: { email: 'lea.bernard@gmail.test', emailVerified: true },
      profile: { firstName: 'Léa', lastName: 'Bernard' },
    });
    const logs = await t.database.query<{ event_type: string }>(
      `select l.event_type from security_logs l join users u on u.id = l.user_id where u.email = 'lea.bernard@gmail.test' order by l.created_at`,
    );
    expect(logs.map((l) => l.event_type)).toEqual(['sign_up', 'sign_in']);
  });

  it('signing in again with Google reuses the account', async () => {
    nextUser = claims('lea.bernard@gmail.test', 'Léa', 'Bernard');
    const done = await signInWithGoogle(t.app);
    expect(done.statusCode).toBe(302);
    const users = await t.database.query(`select id from users where email = 'lea.bernard@gmail.test'`);
    expect(users).toHaveLength(1);
  });

  it('links Google to an existing e-mail account without touching its profile', async () => {
    await signedInUser(t.app, 'hugo@example.test', {
      extra: { firstName: 'Hugo', lastName: 'Leroy', companyName: 'Leroy & Fils' },
    });
    nextUser = claims('hugo@example.test', 'Hugues', 'L.');
    const done = await signInWithGoogle(t.app);
    expect(done.statusCode).toBe(302);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieFrom(done) },
    });
    expect(session.json().profile).toMatchObject({
      firstName: 'Hugo',
      lastName: 'Leroy',
      companyName: 'Leroy & Fils',
    });
  });

  it('an ID token whose e-mail is not verified does not sign in as the account with that address, nor link to it', async () => {
    const { userId } = await signedInUser(t.app, 'target@example.test');
    nextUser = { ...claims('target@example.test', 'Eve', 'Attacker'), email_verified: false };
    const done = await signInWithGoogle(t.app);
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/auth\?error=/);
    expect(cookieFrom(done)).not.toMatch(/session_token/);
    const linked = await t.database.query(
      `select id from accounts where user_id = $1 and provider_id = 'google'`,
      [userId],
    );
    expect(linked).toHaveLength(0);

    // With the address verified by the provider, linking works as before.
    nextUser = claims('target@example.test', 'Eve', 'Attacker');
    const verified = await signInWithGoogle(t.app);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieFrom(verified) },
    });
    expect(session.json().user.id).toBe(userId);
  });

  it('an ID token whose e-mail is not verified creates no account for that address', async () => {
    nextUser = { ...claims('not-yet-theirs@example.test', 'Eve', 'Attacker'), email_verified: false };
    const done = await signInWithGoogle(t.app);
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/auth\?error=/);
    expect(cookieFrom(done)).not.toMatch(/session_token/);
    const users = await t.database.query(`select id from users where email = 'not-yet-theirs@example.test'`);
    expect(users).toHaveLength(0);
  });

  it('a callback with a forged state is refused and sends the user back to /auth with an error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/core/callback/google?code=abc&state=forged',
    });
    expect(res.statusCode).toBe(302);
    // The sign-in page, which says Google sign-in failed (not better-auth's own error page, unrouted).
    const location = new URL(String(res.headers.location), t.config.publicUrl);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(cookieFrom(res)).not.toMatch(/session_token/);
  });
});
