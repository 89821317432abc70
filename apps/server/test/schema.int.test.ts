import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.dispose());

async function createUser(id: string) {
  await db.query(`insert into users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
}

async function rejects(sql: string, params: unknown[]) {
  let failed = false;
  try {
    await db.query(sql, params);
  } catch {
    failed = true;
  }
  return failed;
}

describe('schema', () => {
  it('holds the spec entities with their per-user indexes', async () => {
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'background_generations',
        'profiles',
        'security_logs',
        'user_image_generations',
        'user_subscription_info',
        'users',
      ]),
    );
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'public'`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'background_generations_user_created_idx',
        'background_generations_one_active_per_user',
        'user_image_generations_user_generated_idx',
        'security_logs_user_created_idx',
      ]),
    );
  });

  it('stores timestamps with time zone', async () => {
    const columns = await db.query<{ data_type: string }>(
      `select distinct data_type from information_schema.columns
       where table_schema = 'public' and column_name in ('created_at', 'updated_at', 'generated_at')`,
    );
    expect(columns.map((c) => c.data_type)).toEqual(['timestamp with time zone']);
  });

  it('allows one pending or processing generation per user at a time', async () => {
    await createUser('u-active');
    const insert = `insert into background_generations (user_id, status, progress, webhook_data) values ($1, $2, 10, '{}')`;
    await db.query(insert, ['u-active', 'processing']);
    expect(await rejects(insert, ['u-active', 'pending'])).toBe(true);
    // Finished ones do not count.
    await db.query(insert, ['u-active', 'completed']);
    await db.query(insert, ['u-active', 'failed']);
    await createUser('u-other');
    await db.query(insert, ['u-other', 'processing']);
  });

  it('refuses an unknown status, a progress outside 0-100 and a negative free count', async () => {
    await createUser('u-checks');
    const insert = `insert into background_generations (user_id, status, progress, webhook_data) values ($1, $2, $3, '{}')`;
    expect(await rejects(insert, ['u-checks', 'exploded', 10])).toBe(true);
    expect(await rejects(insert, ['u-checks', 'failed', 101])).toBe(true);
    expect(
      await rejects(`insert into user_subscription_info (user_id, free_generations_used) values ($1, -1)`, [
        'u-checks',
      ]),
    ).toBe(true);
  });

  it('refuses rows for a user that does not exist, and removes a user’s data with the account', async () => {
    expect(
      await rejects(`insert into profiles (id, first_name, last_name) values ('ghost', 'a', 'b')`, []),
    ).toBe(true);
    await createUser('u-gone');
    await db.query(`insert into profiles (id, first_name, last_name) values ('u-gone', 'Ada', 'L')`);
    await db.query(
      `insert into security_logs (user_id, event_type, event_details) values ('u-gone', 'sign_in', '{}')`,
    );
    await db.query(`delete from users where id = 'u-gone'`);
    expect(await db.query(`select * from profiles where id = 'u-gone'`)).toEqual([]);
    const logs = await db.query<{ user_id: string | null }>(
      `select user_id from security_logs where event_type = 'sign_in'`,
    );
    expect(logs).toEqual([{ user_id: null }]);
  });

  it('refuses two accounts with the same e-mail', async () => {
    await db.query(`insert into users (id, email) values ('u-mail-1', 'same@example.test')`);
    expect(await rejects(`insert into users (id, email) values ('u-mail-2', 'same@example.test')`, [])).toBe(
      true,
    );
  });
});
