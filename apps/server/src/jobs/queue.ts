/**
 * The job queue: pg-boss on the application's own database (PGlite or PostgreSQL), so a job is as
 * durable as the rows it is about and can be enqueued in the same transaction that writes them.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** pg-boss talks to our connection, whichever database it is. */
function adapter(database: Database): PgBoss.Db {
  if (database.kind === 'pglite') {
    const client = database.client;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        // pg-boss sends its schema and maintenance SQL as several statements in one text; only the
        // simple-query path (exec) accepts that. Its answer is the last statement's rows.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = database.client;
  return { executeSql: (text, values) => pool.query(text, values) };
}

export type QueueRole = 'worker' | 'producer';

export function createQueue(database: Database, role: QueueRole): PgBoss {
  const worker = role === 'worker';
  return new PgBoss({
    db: adapter(database),
    // Only worker processes run maintenance and fire schedules; an API process only enqueues.
    supervise: worker,
    schedule: worker,
    migrate: true,
  });
}
