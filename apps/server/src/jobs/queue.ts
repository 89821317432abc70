/**
 * The job queue: pg-boss on the application's own database (PGlite or PostgreSQL), so a job is as
 * durable as the rows it is about and can be enqueued in the same transaction that writes them.
 */
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/client';
import { queueConnection, queueConnectionIn } from '../db/queue-connection';
import { DEFAULT_QUEUE_MAINTENANCE_INTERVAL_SECONDS } from './queue-config';

export type QueueRole = 'worker' | 'producer';

/**
 * `maintenanceIntervalSeconds` (QUEUE_MAINTENANCE_INTERVAL_SECONDS) is how often a worker's pg-boss
 * fails or retries the jobs past their expiry (a killed worker's), and archives and deletes old ones.
 * Every worker tries on its own timer and the first whose interval has passed since the last run does it
 * (a timestamp in pg-boss's version table), so the shortest interval among the workers sets the pace.
 */
export function createQueue(
  database: Database,
  role: QueueRole,
  maintenanceIntervalSeconds = DEFAULT_QUEUE_MAINTENANCE_INTERVAL_SECONDS,
): PgBoss {
  const worker = role === 'worker';
  return new PgBoss({
    db: queueConnection(database),
    // Only worker processes run maintenance and fire schedules; an API process only enqueues.
    supervise: worker,
    schedule: worker,
    migrate: true,
    maintenanceIntervalSeconds,
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
