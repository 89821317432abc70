/**
 * Sessions at rest and over time: tokens stored only as hashes, an absolute lifetime whatever the
 * activity, and "sign out of all devices" (issue 16, Low).
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/modules/auth/auth';
import { hashToken } from '../src/modules/auth/session-store';
import { useTestApp } from './helpers/test-app';
import { resetToken, sessionOf } from './helpers/accounts';
import { signedInUser } from './helpers/factories';

const t = useTestApp();

/** The session token a cookie carries (the part before its signature). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split(';')[0]!.split('=').slice(1).join('='));
  return value.slice(0, value.lastIndexOf('.'));
}

/** A cookie signed with the server's own secret: what someone holding the secret could forge. */
function signedCookie(token: string): string {
  const signature = createHmac('sha256', t.config.auth.secret!).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const storedTokens = async (userId: string) =>
  (await t.database.query<{ token: string }>(`select token from sessions where user_id = $1`, [userId])).map(
    (row) => row.token,
  );

/** Statement `index` of migration 0009, without its final semicolon, to run on chosen rows. */
function migration0009(index: 0 | 1): string {
  const sql = fs.readFileSync(
    new URL('../src/db/migrations/0009_hashed_tokens.sql', import.meta.url),
    'utf8',
  );
  return sql.split('--> statement-breakpoint')[index]!.trim().replace(/;$/, '');
}

/** A reset link for `email`, as the forgotten-password form sends it: its token and stored identifier. */
async function resetLinkFor(email: string): Promise<{ token: string; identifier: string }> {
  const token = await resetToken(t.app, email);
  return { token, identifier: `reset-password:${token}` };
}

const storedIdentifiers = async () =>
  (await t.database.query<{ identifier: string }>(`select identifier from verifications`)).map(
    (row) => row.identifier,
  );

describe('session tokens at rest', () => {
  it('a stolen copy of the sessions table opens no session: rows hold the token’s hash only', async () => {
    const { cookie, userId } = await signedInUser(t.app, 'at-rest@example.test');
    const token = tokenOf(cookie);
    // The forging helper is right: the real token, signed, is a working cookie.
    expect((await sessionOf(t.app, signedCookie(token))).statusCode).toBe(200);

    const stored = await storedTokens(userId);
    expect(stored).toEqual([hashToken(token)]);
    expect(stored).not.toContain(token);
    // Even with the secret, the stored value is not a token.
    expect((await sessionOf(t.app, signedCookie(stored[0]!))).statusCode).toBe(401);
    expect((await sessionOf(t.app, cookie)).statusCode).toBe(200);
  });

  it('sessions issued before tokens were hashed keep working once migration 0009 has hashed them', async () => {
    const { userId } = await signedInUser(t.app, 'migrated@example.test');
    const plain = 'an-old-plain-session-token-0123456789ab';
    await t.database.query(
      `insert into sessions (id, user_id, token, expires_at) values ('old-session', $1, $2, now() + interval '20 minutes')`,
      [userId, plain],
    );
    expect((await sessionOf(t.app, signedCookie(plain))).statusCode).toBe(401);
    await t.database.query(`${migration0009(0)} where id = 'old-session'`);
    expect(await storedTokens(userId)).toContain(hashToken(plain));
    expect((await sessionOf(t.app, signedCookie(plain))).statusCode).toBe(200);
  });

  it('a reset link issued before tokens were hashed still works once migration 0009 has hashed it', async () => {
    await signedInUser(t.app, 'migrated-reset@example.test');
    const { token, identifier } = await resetLinkFor('migrated-reset@example.test');
    // The row as an older version stored it: the identifier in clear.
    await t.database.query(`update verifications set identifier = $1 where identifier = $2`, [
      identifier,
      hashToken(identifier),
    ]);
    await t.database.query(`${migration0009(1)} where identifier = $1`, [identifier]);
    const identifiers = await storedIdentifiers();
    expect(identifiers).toContain(hashToken(identifier));
    expect(identifiers).not.toContain(identifier);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'Nouveau2026' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('a reset link’s token is stored hashed, and the link still works', async () => {
    await signedInUser(t.app, 'reset-at-rest@example.test');
    const { token } = await resetLinkFor('reset-at-rest@example.test');
    const identifiers = await storedIdentifiers();
    expect(identifiers.some((identifier) => identifier.includes(token))).toBe(false);
    expect(identifiers).toContain(hashToken(`reset-password:${token}`));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'Nouveau2026' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('absolute session lifetime (12 hours after sign-in, however active)', () => {
  it('ends a session in steady use once it is older than 12 hours, and deletes it', async () => {
    const { cookie, userId } = await signedInUser(t.app, 'long-day@example.test');
    await t.database.query(
      `update sessions set created_at = now() - interval '11 hours' where user_id = $1`,
      [userId],
    );
    expect((await sessionOf(t.app, cookie)).statusCode).toBe(200);
    await t.database.query(
      `update sessions set created_at = now() - interval '12 hours 1 minute' where user_id = $1`,
      [userId],
    );
    const ended = await sessionOf(t.app, cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('UNAUTHENTICATED');
    expect(await storedTokens(userId)).toEqual([]);
  });
});

describe('sign out of all devices', () => {
  it('ends every session of the account, this one included, and no one else’s', async () => {
    const { cookie: laptop, userId } = await signedInUser(t.app, 'everywhere@example.test');
    const phone = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'everywhere@example.test', password: 'Vitrine2026' },
      })
    ).headers['set-cookie'];
    const phoneCookie = String(Array.isArray(phone) ? phone[0] : phone).split(';')[0]!;
    const { cookie: other } = await signedInUser(t.app, 'someone-else@example.test');
    expect(await storedTokens(userId)).toHaveLength(2);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { cookie: laptop, origin: t.config.publicUrl },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'signed_out' });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await sessionOf(t.app, laptop)).statusCode).toBe(401);
    expect((await sessionOf(t.app, phoneCookie)).statusCode).toBe(401);
    expect(await storedTokens(userId)).toEqual([]);
    expect((await sessionOf(t.app, other)).statusCode).toBe(200);
    const events = await t.database.query<{ event_details: Record<string, unknown> }>(
      `select event_details from security_logs where user_id = $1 and event_type = 'sign_out'`,
      [userId],
    );
    expect(events.map((e) => e.event_details)).toEqual([
      expect.objectContaining({ details: 'signed out of every device' }),
    ]);
  });

  it('needs a session: without one it is refused with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { 'accept-language': 'en', origin: t.config.publicUrl },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
