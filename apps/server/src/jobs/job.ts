/** What a job is: a name, a payload schema checked before the handler runs, and an idempotent handler. */
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Copywriter } from '@vitrine/engine/copy/copywriter';
import type { Renderer } from '../modules/generations/render';
import type { Storage } from '../modules/storage/storage';
import type { WorkflowClient } from '../modules/generations/workflow';
import type { Mailer } from '../modules/mail/mailer';

export type JobContext = {
  database: Database;
  logger: Logger;
  storage: Storage;
  renderer: Renderer;
  /** Writes the Express headline before the render (TEXT_PROVIDER); the local copywriter when absent. */
  copywriter?: Copywriter;
  /** Set when IMAGE_PROVIDER=webhook: renders first ask the automation workflow for backgrounds. */
  workflow?: WorkflowClient;
  /** Where contact-form messages go (CONTACT_EMAIL) and the mailer that sends again those that failed. */
  contact?: { mailer: Mailer; to: string };
};

export type JobDefinition<Payload> = {
  name: string;
  version: number;
  payload: z.ZodType<Payload>;
  /** A cron expression (UTC) when the job runs on a schedule. */
  schedule?: string;
  /** How many of these jobs one worker process runs at once (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for new jobs (default 2 s); new generations also wake it at once. */
  pollingIntervalSeconds?: number;
  /**
   * Must be safe to run twice: a job cut off by a crash is retried. Returns a summary for the log. The
   * work itself is in jobs/handlers/, beside the definition's name.
   */
  handle(context: JobContext, payload: Payload): Promise<Record<string, unknown>>;
};

/**
 * A job as the worker holds it: the payload's type is checked where each job is defined, and the
 * worker hands `handle` only what the job's own schema has parsed.
 */
export type RegisteredJob = JobDefinition<unknown>;
