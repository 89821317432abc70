/**
 * Once a day: security-log entries older than 12 months are deleted, and attempt counters (rate limits,
 * keyed by client address or e-mail address) once their window is long over. The privacy policy states
 * both periods.
 */
import { z } from 'zod';
import type { JobDefinition } from '../job';

export const SECURITY_LOG_RETENTION_INTERVAL = '12 months';
/** Longer than any rate-limit window (the longest is an hour), so a running window is never cut short. */
export const RATE_LIMIT_RETENTION_INTERVAL = '2 days';

export const logRetention: JobDefinition<{ now?: string }> = {
  name: 'log-retention',
  version: 1,
  payload: z.object({ now: z.iso.datetime().optional() }),
  schedule: '47 3 * * *',
  async handle({ database }, payload) {
    const now = payload.now ?? new Date().toISOString();
    const logs = await database.query<{ id: string }>(
      'delete from security_logs where created_at < $1::timestamptz - $2::interval returning id',
      [now, SECURITY_LOG_RETENTION_INTERVAL],
    );
    const counters = await database.query<{ key: string }>(
      'delete from rate_limits where window_start < $1::timestamptz - $2::interval returning key',
      [now, RATE_LIMIT_RETENTION_INTERVAL],
    );
    return { securityLogs: logs.length, rateLimits: counters.length };
  },
};
