/**
 * Security-log entries older than 12 months are deleted, and attempt counters (rate limits,
 * keyed by client address or e-mail address) once their window is long over. The privacy policy states
 * both periods.
 */
import type { JobContext } from '../job';

export const SECURITY_LOG_RETENTION_INTERVAL = '12 months';
/** Longer than any rate-limit window (the longest is an hour), so a running window is never cut short. */
export const RATE_LIMIT_RETENTION_INTERVAL = '2 days';

export async function applyLogRetention({ database }: Pick<JobContext, 'database'>, now: string) {
  const logs = await database.query<{ id: string }>(
    'delete from security_logs where created_at < $1::timestamptz - $2::interval returning id',
    [now, SECURITY_LOG_RETENTION_INTERVAL],
  );
  const counters = await database.query<{ key: string }>(
    'delete from rate_limits where window_start < $1::timestamptz - $2::interval returning key',
    [now, RATE_LIMIT_RETENTION_INTERVAL],
  );
  return { securityLogs: logs.length, rateLimits: counters.length };
}
