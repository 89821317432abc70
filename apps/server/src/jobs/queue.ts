/**
 * The job queue: pg-boss on the application's own database (PGlite or PostgreSQL), so a job is as
 * durable as the rows it is about and can be enqueued in the same transaction that writes them.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/client';
import { queueConnection, queueConnectionIn } from '../db/queue-connection';

export type QueueRole = 'worker' | 'producer';

export function createQueue(database: Database, role: QueueRole): PgBoss {
  const worker = role === 'worker';
  return new PgBoss({
    db: queueConnection(database),
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
    ) => queue.send(name, data, { ...options, db: queueConnectionIn(tx) }),
    /** Takes jobs off the queue (a job being run is left to stop at its next check), in `tx`. */
    cancel: async (tx: Queryable, name: string, ids: string[]) => {
      if (ids.length > 0) await queue.cancel(name, ids, { db: queueConnectionIn(tx) });
    },
    async stop() {
      if (started) await started.then(() => queue.stop({ graceful: false, close: false, wait: true }));
    },
  };
}
