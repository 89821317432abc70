import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/session-store';
import { useTestApp } from './helpers/test-app';
import {
  PASSWORD,
  cookieFrom,
  linkFor,
  mailbox,
  pathOf,
  resetToken,
  signIn,
  signUp,
  sessionOf,
  waitForMail,
  type Mail,
} from './helpers/accounts';
import { signedInUser } from './helpers/factories';

const t = useTestApp();

const session = (cookie: string) => sessionOf(t.app, cookie);
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
const checkLink = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/check', payload: { token } });
const resetWith = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
const isReset = (m: Mail) => m.links.some((l) => l.includes('/reset-password'));
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('sends a one-hour, single-use link to /reset-password; the new password works and the old one does not', async () => {
    const { cookie } = await signedInUser(t.app, 'reset@example.test');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { 'accept-language': 'en' },
      payload: { email: 'reset@example.test' },
    });
    expect(forgot.statusCode).toBe(200);
    const link = await linkFor(t.app, 'reset@example.test', '/reset-password');
    expect(link.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    const [mail] = await waitForMail(
      t.app,
      (m) => m.to === 'reset@example.test' && m.subject === 'Reset your password',
    );
    expect(mail).toBeDefined();
    const token = new URL(link).searchParams.get('token')!;
    const [row] = await t.database.query<{ minutes: number }>(
      `select extract(epoch from expires_at - now()) / 60 as minutes from verifications where identifier = $1`,
      [hashToken(`reset-password:${token}`)],
    );
    expect(Number(row?.minutes)).toBeGreaterThan(58);
    expect(Number(row?.minutes)).toBeLessThanOrEqual(60);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe('Le mot de passe doit contenir au moins 8 caractères');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'NouveauMdp9' },
    });
    expect(reset.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'EncoreUn9x' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_TOKEN');

    expect((await session(cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, 'reset@example.test')).statusCode).toBe(401);
    expect((await signIn(t.app, 'reset@example.test', 'NouveauMdp9')).statusCode).toBe(200);
    const events = await t.database.query<{ event_type: string }>(
      `select l.event_type from security_logs l join users u on u.id = l.user_id
       where u.email = 'reset@example.test' and l.event_type like 'password_reset_%' order by l.created_at`,
    );
    expect(events.map((e) => e.event_type)).toEqual(['password_reset_requested', 'password_reset_completed']);
  });

  it('answers the same whether or not the address has an account', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'reset@example.test' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'no-account@example.test' },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect((await mailbox(t.app)).some((m) => m.to === 'no-account@example.test')).toBe(false);
  });

  it('tells a reset link’s page whether the link still works: fresh yes; used, expired or made-up no', async () => {
    await signedInUser(t.app, 'check@example.test');
    const token = await resetToken(t.app, 'check@example.test');
    const check = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/check',
        headers: { 'accept-language': 'en' },
        payload,
      });
    const invalid = 'This link is invalid or has expired. Request a new one.';

    expect((await check({ token })).json()).toEqual({ status: 'valid' });
    // Asking does not use the link up.
    expect((await check({ token })).statusCode).toBe(200);
    const made = await check({ token: 'made-up' });
    expect(made.statusCode).toBe(400);
    expect(made.json().error.message).toBe(invalid);
    // Longer than any link sent: an unknown link too, not a field "required".
    const long = await check({ token: 'x'.repeat(600) });
    expect(long.json().error).toMatchObject({ code: 'INVALID_TOKEN', message: invalid });
    expect((await check({ token: 42 })).json().error.fields).toMatchObject({
      token: 'This field must be text.',
    });
    expect((await check({})).json().error.fields).toMatchObject({ token: 'This field is required.' });
    expect((await check({ token, extra: 1 })).statusCode).toBe(400);

    await t.database.query(
      `update verifications set expires_at = now() - interval '1 minute' where identifier = $1`,
      [hashToken(`reset-password:${token}`)],
    );
    expect((await check({ token })).json().error.message).toBe(invalid);
    await t.database.query(
      `update verifications set expires_at = now() + interval '1 hour' where identifier = $1`,
      [hashToken(`reset-password:${token}`)],
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'NouveauMdp9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await check({ token })).json().error.code).toBe('INVALID_TOKEN');
  });

  it('a new reset link ends the ones sent before it: only the latest e-mail opens the account', async () => {
    await signedInUser(t.app, 'twice@example.test');
    const tokens: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await forgot('twice@example.test');
      const [mail] = await waitForMail(t.app, (m) => m.to === 'twice@example.test' && isReset(m), i);
      expect(mail).toBeDefined();
      const links = (await mailbox(t.app)).filter((m) => m.to === 'twice@example.test' && isReset(m));
      tokens.push(tokenOf(links[0]!.links.find((l) => l.includes('/reset-password'))!));
    }
    expect(new Set(tokens).size).toBe(3);
    for (const old of tokens.slice(0, 2)) {
      expect((await checkLink(old)).json().error.code).toBe('INVALID_TOKEN');
      expect((await resetWith(old, 'Ancien1Lien')).json().error.code).toBe('INVALID_TOKEN');
    }
    expect((await resetWith(tokens[2]!, 'Dernier1Lien')).statusCode).toBe(200);
    expect((await signIn(t.app, 'twice@example.test', 'Dernier1Lien')).statusCode).toBe(200);
  });

  it('a password reset ends every other reset link of the account', async () => {
    const { userId } = await signedInUser(t.app, 'two-links@example.test');
    const used = await resetToken(t.app, 'two-links@example.test');
    // A second link made at the same instant, as another process serving a second request would.
    const other = 'second-link-made-at-the-same-instant';
    await t.database.query(
      `insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
       select 'second-link', $1, value, expires_at, created_at, updated_at from verifications where identifier = $2`,
      [hashToken(`reset-password:${other}`), hashToken(`reset-password:${used}`)],
    );
    expect((await checkLink(other)).statusCode).toBe(200);
    expect((await resetWith(used, 'Choisi1Ici')).statusCode).toBe(200);
    expect((await checkLink(other)).json().error.code).toBe('INVALID_TOKEN');
    expect((await resetWith(other, 'Autre1Mdp')).json().error.code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, 'two-links@example.test', 'Choisi1Ici')).statusCode).toBe(200);
    const left = await t.database.query(`select id from verifications where value = $1`, [userId]);
    expect(left).toEqual([]);
  });

  it('refuses a made-up token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: { 'accept-language': 'en' },
      payload: { token: 'made-up', password: 'NouveauMdp9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This link is invalid or has expired. Request a new one.');
  });
});

describe('security log', () => {
  it('records sign-up, sign-in and sign-out with the user agent, and never a password, token or link', async () => {
    const res = await signUp(t.app, { email: 'log@example.test' });
    expect(res.statusCode).toBe(201);
    const link = await linkFor(t.app, 'log@example.test', 'verify-email');
    await t.app.inject({
      method: 'GET',
      url: pathOf(link),
      headers: { 'user-agent': 'TestBrowser/1.0', cookie: cookieFrom(res) },
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      payload: { email: 'log@example.test', password: PASSWORD },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookieFrom(signedIn), 'user-agent': 'TestBrowser/1.0' },
    });
    const logs = await t.database.query<{
      event_type: string;
      event_details: Record<string, unknown>;
      user_agent: string | null;
      ip_address: string | null;
    }>(
      `select l.event_type, l.event_details, l.user_agent, l.ip_address from security_logs l join users u on u.id = l.user_id
       where u.email = 'log@example.test' order by l.created_at`,
    );
    expect(logs.map((l) => l.event_type)).toEqual(['sign_up', 'email_verified', 'sign_in', 'sign_out']);
    const signInLog = logs.find((l) => l.event_type === 'sign_in')!;
    expect(signInLog.user_agent).toBe('TestBrowser/1.0');
    expect(signInLog.ip_address).toBeNull();
    expect(signInLog.event_details).toMatchObject({ riskLevel: 'low', userAgent: 'TestBrowser/1.0' });
    const all = JSON.stringify(await t.database.query(`select * from security_logs`));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('token=');
  });
});

describe('rate limits', () => {
  it('too many failed sign-ins on one account from one address give 429 with a translated message and Retry-After', async () => {
    let last;
    for (let i = 0; i < 11; i++) last = await signIn(t.app, 'hammer@example.test', 'WrongPass1', 'en');
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error.code).toBe('RATE_LIMITED');
    expect(last!.json().error.message).toMatch(
      /^Too many attempts\. Please try again in (1 minute|([2-9]|\d{2,}) minutes)\.$/,
    );
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits are kept in the database, so they hold for every process', async () => {
    const [row] = await t.database.query<{ count: number }>(
      `select count from rate_limits where key = 'signIn:pair:hammer@example.test 127.0.0.1'`,
    );
    expect(row?.count).toBe(10);
  });
});
