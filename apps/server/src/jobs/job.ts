/** What a job is: a name, a payload schema checked before the handler runs, and an idempotent handler. */
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

export type JobContext = { database: Database; logger: Logger };

export type JobDefinition<Payload> = {
  name: string;
  version: number;
  payload: z.ZodType<Payload>;
  /** A cron expression (UTC) when the job runs on a schedule. */
  schedule?: string;
  /** Must be safe to run twice: a job cut off by a crash is retried. Returns a summary for the log. */
  handle(context: JobContext, payload: Payload): Promise<Record<string, unknown>>;
};
