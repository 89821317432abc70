/**
 * The worker role: starts pg-boss, registers each job's handler (payload parsed first), and puts the
 * scheduled ones on their timetable. A new generation wakes the render workers at once through the
 * database's NOTIFY, from whichever process started it, instead of waiting for the next poll.
 */
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { resolveAuthSecret } from '../modules/auth/auth-secret';
import { createCopywriter } from '@vitrine/engine/copy/copywriter';
import { createRenderer } from '../modules/generations/render';
import { createWorkflowClient } from '../modules/generations/workflow';
import { createStorage } from '../modules/storage/create-storage';
import { createMailer, type MailLogger } from '../modules/mail/mailer';
import { GENERATION_CHANNEL } from '../modules/generations/channel';
import { queueWait } from '../modules/metrics/metrics';
import { RENDER_JOB } from '../modules/generations/service';
import type { JobContext, RegisteredJob } from './job';
import { generationSweeper } from './definitions/generation-sweeper';
import { JOBS } from './registry';
import { startHeartbeat } from './heartbeat';
import { createQueue } from './queue';
import { DEFAULT_QUEUE_CONFIG, type QueueConfig } from './queue-config';
import { withAdvisoryLock } from '../db/advisory-lock';

export type Worker = {
  queue: PgBoss;
  /** The queue is running and answers from the database, or this throws (GET /api/health/ready). */
  ready(): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
};
export type WorkerDeps = Omit<JobContext, 'database' | 'logger'>;

/**
 * What the jobs need besides the database: file storage, the image provider IMAGE_PROVIDER names, the
 * copywriter TEXT_PROVIDER names, the mailer, and
 * with the webhook provider the workflow client (its upload links are signed with the server secret).
 */
export function workerDeps(config: Config, logger: MailLogger = { info: () => {} }): WorkerDeps {
  const workflow =
    config.imageProvider.kind === 'webhook'
      ? createWorkflowClient(config, resolveAuthSecret(config.auth.secret, config.dataDir))
      : undefined;
  return {
    storage: createStorage(config),
    renderer: createRenderer(config),
    copywriter: createCopywriter(config.textProvider),
    contact: { mailer: createMailer(config, logger), to: config.site.contactEmail },
    ...(workflow && { workflow }),
  };
}

/** From when the job could start (its start_after) to when this worker took it. */
function observeWait(queue: string, job: { startAfter: Date; startedOn: Date }) {
  const waited = new Date(job.startedOn).getTime() - new Date(job.startAfter).getTime();
  if (Number.isFinite(waited)) queueWait.observe({ queue }, Math.max(0, waited) / 1000);
}

async function register(queue: PgBoss, job: RegisteredJob, context: JobContext): Promise<string[]> {
  await queue.createQueue(job.name);
  const ids: string[] = [];
  for (let i = 0; i < (job.concurrency ?? 1); i++) {
    const id = await queue.work(
      job.name,
      { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async (batch) => {
        for (const item of batch) {
          observeWait(job.name, item);
          const log = context.logger.child({ job: job.name, jobId: item.id });
          const payload = job.payload.safeParse(item.data ?? {});
          if (!payload.success) {
            // A malformed payload will not get better with retries: fail it for good.
            log.error({ issues: payload.error.issues }, 'job payload rejected');
            throw new Error(`invalid payload for ${job.name}`);
          }
          const started = performance.now();
          const summary = await job.handle({ ...context, logger: log }, payload.data);
          log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'job done');
        }
      },
    );
    ids.push(id);
  }
  if (job.schedule) await queue.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  return ids;
}

/** A worker whose first steps are taken (beginWorker): `start` starts its queue and jobs. */
export type StartingWorker = { start(jobs?: typeof JOBS): Promise<Worker> };

/** How the worker's queue is kept (config.queue): how often it expires, archives and deletes jobs. */
export type WorkerQueueSettings = Pick<QueueConfig, 'maintenanceIntervalSeconds'>;

/**
 * The worker's first steps, taken before the API takes requests (main.ts serves the site before the
 * queue starts):
 * - only one process can open an embedded database, so a generation unfinished when it opens was cut
 *   off by the last stop or crash. It fails with its credit given back rather than waiting for the
 *   sweeper. Once requests come, an unfinished generation may be a new one: hence before;
 * - the worker says it is alive, so the status page does not report the images down meanwhile.
 */
export async function beginWorker(
  database: Database,
  logger: Logger,
  deps: WorkerDeps,
  settings: WorkerQueueSettings = DEFAULT_QUEUE_CONFIG,
): Promise<StartingWorker> {
  if (database.kind === 'pglite') {
    const summary = await generationSweeper.handle({ database, logger, ...deps }, { staleAfterSeconds: 0 });
    if (summary.failed) logger.warn(summary, 'generations cut off by the last stop were failed');
  }
  const stopHeartbeat = await startHeartbeat(database, (error) =>
    logger.error({ err: error }, 'worker heartbeat not written'),
  );
  return {
    start: (jobs = JOBS) =>
      startQueue(database, logger, deps, jobs, stopHeartbeat, settings).catch((error: unknown) => {
        stopHeartbeat();
        throw error;
      }),
  };
}

export async function startWorker(
  database: Database,
  logger: Logger,
  deps: WorkerDeps,
  { jobs = JOBS, settings }: { jobs?: typeof JOBS; settings?: WorkerQueueSettings } = {},
): Promise<Worker> {
  return (await beginWorker(database, logger, deps, settings)).start(jobs);
}

// Any fixed number, the same in every worker process of a database (db/migrate.ts has its own).
const QUEUE_SETUP_LOCK_KEY = 7_240_312;

async function startQueue(
  database: Database,
  logger: Logger,
  deps: WorkerDeps,
  jobs: typeof JOBS,
  stopHeartbeat: () => void,
  settings: WorkerQueueSettings,
): Promise<Worker> {
  const queue = createQueue(database, 'worker', settings.maintenanceIntervalSeconds);
  queue.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const context: JobContext = { database, logger, ...deps };
  const renderWorkers: string[] = [];
  // Workers started at the same moment on one database would create the queue's tables and queues
  // together, and PostgreSQL answers one of them with a deadlock or a duplicate (decision 070): one
  // worker at a time sets them up, the others wait and find them made.
  await withAdvisoryLock(database, QUEUE_SETUP_LOCK_KEY, async () => {
    await queue.start();
    for (const job of jobs) {
      const ids = await register(queue, job, context);
      if (job.name === RENDER_JOB) renderWorkers.push(...ids);
    }
  });
  const unlisten = renderWorkers.length
    ? await database.listen(GENERATION_CHANNEL, () => {
        for (const id of renderWorkers) queue.notifyWorker(id);
      })
    : undefined;
  logger.info({ jobs: jobs.map((j) => j.name) }, 'worker started');
  let stopping = false;
  queue.on('stopped', () => (stopping = true));
  return {
    queue,
    async ready() {
      if (stopping) throw new Error('the job queue is stopping');
      await queue.getQueues();
    },
    // Running jobs get the same grace period as HTTP requests; pg-boss retries whatever is cut off.
    async stop(timeout = 10_000) {
      stopping = true;
      stopHeartbeat();
      await unlisten?.().catch(() => {});
      await queue.stop({ graceful: true, timeout, close: false, wait: true });
      deps.contact?.mailer.close();
    },
  };
}
