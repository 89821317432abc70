import { z } from 'zod';
import { list, text } from '../validation/schema';

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: text(),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/health/live: the process answers (nothing else is checked). */
export const liveResponse = z.object({ status: z.literal('live') });
export type LiveResponse = z.infer<typeof liveResponse>;

/** What a process needs to serve: the database, the file storage and, in a worker, the job queue. */
export const readinessCheck = z.enum(['database', 'storage', 'queue']);
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/** GET /api/health/ready: 200 when every check passed, 503 naming those that did not. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.partialRecord(readinessCheck, z.enum(['up', 'down'])),
  down: list(readinessCheck),
});
export type ReadyResponse = z.infer<typeof readyResponse>;
