/**
 * Deleting one's account (POST /api/account/delete, docs/decisions/072): everything of the account goes,
 * its rows and every file under its storage prefix, and nobody else's; each refusal (no session, the
 * wrong address, no or a wrong password, a plan that renews, the storage away, a stale session without
 * a password, malformed JSON, too many attempts) is a translated 4xx or 503 that deletes nothing; files
 * the storage fails to remove are removed later by the history retention job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHistoryRetention } from '../src/jobs/handlers/history-retention';
import type { Storage } from '../src/modules/storage/storage';
import { PASSWORD } from './helpers/accounts';
import { generation, signedInUser, uploaded, type SignedInUser } from './helpers/factories';
import { productJpeg } from './helpers/generations';
import { storedKeysOf } from './helpers/stored-keys';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  // Sessions may last 30 days here, so that one more than a day old is still a session.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', SESSION_MAX_AGE_HOURS: '720' });
  photo = await productJpeg();
});
afterAll(() => t.close());

const storage = () => t.app.deps.storage as Storage;

const keysOf = (owner: string) => storedKeysOf(storage(), owner);

async function rowsOf(userId: string) {
  const count = async (table: string) =>
    Number(
      (
        await t.database.query<{ n: string }>(`select count(*) as n from ${table} where user_id = $1`, [
          userId,
        ])
      )[0]!.n,
    );
  return {
    users: Number(
      (await t.database.query<{ n: string }>(`select count(*) as n from users where id = $1`, [userId]))[0]!
        .n,
    ),
    profiles: Number(
      (
        await t.database.query<{ n: string }>(`select count(*) as n from profiles where id = $1`, [userId])
      )[0]!.n,
    ),
    uploads: await count('uploads'),
    generations: await count('background_generations'),
    sessions: await count('sessions'),
  };
}

/** An account with a photo (its file and preview), its cut-out files and a finished generation. */
async function furnished(email: string): Promise<SignedInUser> {
  const user = await signedInUser(t.app, email);
  const id = await uploaded(t.app, user.cookie, { name: 'bouteille.jpg', bytes: photo });
  const cutout = await t.app.inject({
    method: 'GET',
    url: `/api/uploads/${id}/cutout`,
    headers: { cookie: user.cookie },
  });
  expect(cutout.statusCode, cutout.body).toBe(200);
  await generation(t.database, user.userId, 'failed');
  return user;
}

const remove = (cookie: string | undefined, payload: unknown, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: { 'accept-language': lang, 'content-type': 'application/json', ...(cookie && { cookie }) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('deleting an account', () => {
  it('removes its rows and every file of it, signs it out, and leaves other accounts whole', async () => {
    const leaving = await furnished('partante@example.test');
    const staying = await furnished('restante@example.test');
    const stayingKeys = await keysOf(staying.userId);
    expect((await keysOf(leaving.userId)).length).toBeGreaterThanOrEqual(3);

    const res = await remove(leaving.cookie, { email: ' Partante@Example.test ', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;/);

    expect(await rowsOf(leaving.userId)).toEqual({
      users: 0,
      profiles: 0,
      uploads: 0,
      generations: 0,
      sessions: 0,
    });
    expect(await keysOf(leaving.userId)).toEqual([]);
    expect(await t.database.query(`select * from deleted_owners`)).toEqual([]);
    // The old cookie no longer opens anything.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: leaving.cookie },
    });
    expect(after.statusCode).toBe(401);
    // The other account is untouched.
    expect(await keysOf(staying.userId)).toEqual(stayingKeys);
    expect(await rowsOf(staying.userId)).toMatchObject({ users: 1, uploads: 1, generations: 1 });
  });

  it('refuses, deleting nothing: no session, the wrong address, no password, a wrong password, malformed JSON', async () => {
    const user = await furnished('prudente@example.test');
    const keys = await keysOf(user.userId);

    expect((await remove(undefined, { email: 'prudente@example.test', password: PASSWORD })).statusCode).toBe(
      401,
    );

    const wrongAddress = await remove(user.cookie, { email: 'autre@example.test', password: PASSWORD });
    expect(wrongAddress.statusCode).toBe(400);
    expect(wrongAddress.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'L’adresse saisie n’est pas celle de votre compte.' },
    });

    const noPassword = await remove(user.cookie, { email: 'prudente@example.test' }, 'en');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields).toEqual({ password: 'Type your password to confirm.' });

    const wrongPassword = await remove(user.cookie, {
      email: 'prudente@example.test',
      password: 'Pas-le-bon-1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { password: 'Ce mot de passe n’est pas celui de votre compte.' },
    });

    const malformed = await remove(user.cookie, '{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');

    expect(await rowsOf(user.userId)).toMatchObject({ users: 1, profiles: 1, uploads: 1, generations: 1 });
    expect(await keysOf(user.userId)).toEqual(keys);
    // Not even a mark for the retention job.
    expect(await t.database.query(`select * from deleted_owners`)).toEqual([]);

    // Five attempts in 15 minutes (a body that is not JSON is not one), then 429: a password is not
    // guessed through this door, even the right one.
    for (const password of ['Essai-4-faux', 'Essai-5-faux'])
      expect((await remove(user.cookie, { email: 'prudente@example.test', password })).statusCode).toBe(401);
    const refused = await remove(user.cookie, { email: 'prudente@example.test', password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(await rowsOf(user.userId)).toMatchObject({ users: 1 });
  });

  it('refuses while a paid plan renews (409), and once it is cancelled, deletes', async () => {
    const user = await furnished('abonnee@example.test');
    await t.database.query(
      `update user_subscription_info set has_subscription = true, subscription_tier = 'pro',
         subscription_end = now() + interval '20 days' where user_id = $1`,
      [user.userId],
    );
    const res = await remove(user.cookie, { email: 'abonnee@example.test', password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'SUBSCRIPTION_ACTIVE',
      message: expect.stringContaining('Résiliez'),
    });
    expect(await rowsOf(user.userId)).toMatchObject({ users: 1, uploads: 1 });

    // Ended a few days ago and not cancelled: its renewal may still be paid (retries, a late notice).
    await t.database.query(
      `update user_subscription_info set subscription_end = now() - interval '3 days' where user_id = $1`,
      [user.userId],
    );
    expect(
      (await remove(user.cookie, { email: 'abonnee@example.test', password: PASSWORD })).statusCode,
    ).toBe(409);
    await t.database.query(
      `update user_subscription_info set cancel_at_period_end = true where user_id = $1`,
      [user.userId],
    );
    expect(
      (await remove(user.cookie, { email: 'abonnee@example.test', password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers 503 when the storage cannot be reached, and deletes nothing', async () => {
    const user = await furnished('orage@example.test');
    const keys = await keysOf(user.userId);
    const put = storage().put;
    storage().put = () => Promise.reject(new Error('the bucket is away'));
    try {
      const res = await remove(user.cookie, { email: 'orage@example.test', password: PASSWORD }, 'en');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(/image storage cannot be reached/);
    } finally {
      storage().put = put;
    }
    expect(await rowsOf(user.userId)).toMatchObject({ users: 1, uploads: 1, generations: 1 });
    expect(await keysOf(user.userId)).toEqual(keys);
  });

  it('an account without a password: deleted within a day of signing in, else asked to sign in again (403)', async () => {
    const user = await furnished('google@example.test');
    await t.database.query(`update accounts set password = null where user_id = $1`, [user.userId]);
    await t.database.query(`update sessions set created_at = now() - interval '2 days' where user_id = $1`, [
      user.userId,
    ]);
    const stale = await remove(user.cookie, { email: 'google@example.test' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: expect.stringContaining('reconnectez-vous'),
    });
    expect(await rowsOf(user.userId)).toMatchObject({ users: 1 });

    await t.database.query(`update sessions set created_at = now() where user_id = $1`, [user.userId]);
    expect((await remove(user.cookie, { email: 'google@example.test' })).statusCode).toBe(200);
    expect(await rowsOf(user.userId)).toMatchObject({ users: 0 });
  });

  it('files the storage fails to remove are removed by the history retention job', async () => {
    const user = await furnished('tenace@example.test');
    const original = storage().remove;
    // The bucket fails once the deletion has begun: the start-up check of the storage still passes.
    storage().remove = (key) =>
      key.startsWith('status-probe/')
        ? original.call(storage(), key)
        : Promise.reject(new Error('the bucket is away'));
    try {
      const res = await remove(user.cookie, { email: 'tenace@example.test', password: PASSWORD });
      expect(res.statusCode).toBe(200);
    } finally {
      storage().remove = original;
    }
    expect(await rowsOf(user.userId)).toMatchObject({ users: 0 });
    expect((await keysOf(user.userId)).length).toBeGreaterThan(0);
    expect(await t.database.query(`select user_id from deleted_owners`)).toEqual([{ user_id: user.userId }]);

    const summary = await applyHistoryRetention(
      { database: t.database, storage: storage() },
      new Date().toISOString(),
    );
    expect(summary.finishedAccountDeletions).toBe(1);
    expect(await keysOf(user.userId)).toEqual([]);
    expect(await t.database.query(`select user_id from deleted_owners`)).toEqual([]);
  });
});
