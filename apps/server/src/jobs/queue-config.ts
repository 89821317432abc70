/**
 * RENDER_JOB_EXPIRE_SECONDS and QUEUE_MAINTENANCE_INTERVAL_SECONDS (docs/decisions/073), as config.ts
 * parses them: together they decide how soon a generation whose worker died is taken up again.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@vitrine/shared/env';

/** What the render job's expiry was before it was a setting. */
export const DEFAULT_RENDER_JOB_EXPIRE_SECONDS = 120;
/** pg-boss 10's own maintenance interval (`maintenanceIntervalSeconds`, 120 s). */
export const DEFAULT_QUEUE_MAINTENANCE_INTERVAL_SECONDS = 120;

function seconds(min: number, max: number, fallback: number) {
  const range = `must be between ${min} and ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(min, range)
      .max(max, range)
      .default(fallback),
  );
}

export const queueEnvShape = {
  /**
   * How long a render job may run, from the moment a worker takes it, before the queue takes it for cut
   * off and gives it to another worker. Not below 30 s: a render that is still going is never extended
   * (see renderJobExpireSeconds), and a story on a busy machine takes several seconds.
   */
  RENDER_JOB_EXPIRE_SECONDS: seconds(30, 3600, DEFAULT_RENDER_JOB_EXPIRE_SECONDS),
  /** How often a worker's queue looks for expired jobs (and archives and deletes old ones). */
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: seconds(1, 3600, DEFAULT_QUEUE_MAINTENANCE_INTERVAL_SECONDS),
};

export type QueueConfig = {
  /** The render job's expiry with the local engine; a hosted provider's time limit is added to it. */
  renderJobExpireSeconds: number;
  /** pg-boss's `maintenanceIntervalSeconds` in worker processes (the only ones that maintain). */
  maintenanceIntervalSeconds: number;
};

export const DEFAULT_QUEUE_CONFIG: QueueConfig = {
  renderJobExpireSeconds: DEFAULT_RENDER_JOB_EXPIRE_SECONDS,
  maintenanceIntervalSeconds: DEFAULT_QUEUE_MAINTENANCE_INTERVAL_SECONDS,
};

export function toQueueConfig(env: {
  RENDER_JOB_EXPIRE_SECONDS: number;
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: number;
}): QueueConfig {
  return {
    renderJobExpireSeconds: env.RENDER_JOB_EXPIRE_SECONDS,
    maintenanceIntervalSeconds: env.QUEUE_MAINTENANCE_INTERVAL_SECONDS,
  };
}
