/**
 * Live generation events arrive in the order of the changes they tell (spec section 4, "Realtime"):
 * each notification reads its row on its own, and when an earlier change's read ends after a later
 * one's (progress 95 read slowly, after "completed"), the earlier one is not sent; a dashboard would
 * otherwise show a finished generation running again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerationEvent } from '@vitrine/shared/api/generations';
import type { Database } from '../src/db/client';
import { createGenerationEvents } from '../src/modules/generations/events';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.query(`insert into users (id, email) values ('u-order', 'order@example.test')`);
});
afterAll(() => db.dispose());

/**
 * The database, with the first read of one generation's row held back once it has been read, until
 * `release` is called: that read's answer then arrives after later ones.
 */
function withSlowFirstRead(database: Database) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldOnce = false;
  const slow: Database = {
    ...database,
    query: async <T>(sql: string, params?: unknown[]) => {
      const rows = await database.query<T>(sql, params);
      if (!heldOnce && sql.includes('where g.id = $1')) {
        heldOnce = true;
        await held;
      }
      return rows;
    },
  };
  return { slow, release };
}

describe('live generation events', () => {
  it('are not sent when older than a change already sent for the same generation', async () => {
    const [row] = await db.query<{ id: string }>(
      `insert into background_generations (user_id, status, progress, webhook_data)
       values ('u-order', 'pending', 0, '{}') returning id`,
    );
    const { slow, release } = withSlowFirstRead(db);
    const events = createGenerationEvents(slow);
    const received: GenerationEvent[] = [];
    const unsubscribe = await events.subscribe('u-order', (event) => received.push(event));
    try {
      await db.query(
        `update background_generations set status = 'processing', progress = 95, updated_at = now() where id = $1`,
        [row!.id],
      );
      // The first notification's read is held: the change that follows is read and sent first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await db.query(
        `update background_generations set status = 'completed', progress = 100,
           updated_at = now() + interval '1 second' where id = $1`,
        [row!.id],
      );
      await vi.waitFor(() => expect(received.map((e) => e.status)).toEqual(['completed']));
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.map((e) => e.status)).toEqual(['completed']);

      // A newer change is still sent.
      await db.query(
        `update background_generations set error_message = 'x', updated_at = now() + interval '2 seconds' where id = $1`,
        [row!.id],
      );
      await vi.waitFor(() => expect(received).toHaveLength(2));
    } finally {
      unsubscribe();
      await events.close();
    }
  });
});
