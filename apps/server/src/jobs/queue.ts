/**
 * The job queue: pg-boss on the application's own database (PGlite or PostgreSQL), so a job is as
 * durable as the rows it is about and can be enqueued in the same transaction that writes them.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/client';

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

/** pg-boss's statements run on the caller's transaction. */
const inTransaction = (tx: Queryable): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: await tx.query(text, values) }),
});

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

/**
 * The API's side of the queue: it only enqueues, and does so inside the caller's transaction, so a job
 * exists exactly when the row it is about does.
 */
export function createProducer(database: Database, queueNames: string[]) {
  const queue = createQueue(database, 'producer');
  let started: Promise<void> | undefined;
  return {
    /** Starts the queue on first use; call it before opening the transaction that sends. */
    ready: () =>
      (started ??= (async () => {
        await queue.start();
        for (const name of queueNames) await queue.createQueue(name);
      })()),
    send: (
      tx: Queryable,
      name: string,
      data: object,
      options: { expireInSeconds: number; retryLimit: number },
    ) => queue.send(name, data, { ...options, db: inTransaction(tx) }),
    /** Takes jobs off the queue (a job being run is left to stop at its next check), in `tx`. */
    cancel: async (tx: Queryable, name: string, ids: string[]) => {
      if (ids.length > 0) await queue.cancel(name, ids, { db: inTransaction(tx) });
    },
    async stop() {
      if (started) await started.then(() => queue.stop({ graceful: false, close: false, wait: true }));
    },
  };
}
