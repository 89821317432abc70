/**
 * The worker role: starts pg-boss, registers each job's handler (payload parsed first), and puts the
 * scheduled ones on their timetable.
 */
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { JobDefinition } from './job';
import { JOBS } from './registry';
import { createQueue } from './queue';

export type Worker = { queue: PgBoss; stop(timeoutMs?: number): Promise<void> };

async function register(queue: PgBoss, job: JobDefinition<never>, database: Database, logger: Logger) {
  await queue.createQueue(job.name);
  await queue.work(job.name, async (batch) => {
    for (const item of batch) {
      const log = logger.child({ job: job.name, jobId: item.id });
      const payload = job.payload.safeParse(item.data ?? {});
      if (!payload.success) {
        // A malformed payload will not get better with retries: fail it for good.
        log.error({ issues: payload.error.issues }, 'job payload rejected');
        throw new Error(`invalid payload for ${job.name}`);
      }
      const started = performance.now();
      const summary = await job.handle({ database, logger: log }, payload.data);
      log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'job done');
    }
  });
  if (job.schedule) await queue.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
}

export async function startWorker(database: Database, logger: Logger, jobs = JOBS): Promise<Worker> {
  const queue = createQueue(database, 'worker');
  queue.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await queue.start();
  for (const job of jobs) await register(queue, job, database, logger);
  logger.info({ jobs: jobs.map((j) => j.name) }, 'worker started');
  return {
    queue,
    // Running jobs get the same grace period as HTTP requests; pg-boss retries whatever is cut off.
    stop: (timeout = 10_000) => queue.stop({ graceful: true, timeout, close: false, wait: true }),
  };
}
