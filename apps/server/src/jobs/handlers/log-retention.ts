/**
 * Security-log entries older than 12 months are deleted, and attempt counters (rate limits,
 * keyed by client address or e-mail address) once their window is long over. The privacy policy states
 * both periods.
 */
import * as counters from '../../modules/rate-limit/repository';
import * as securityLogs from '../../modules/security-log/repository';
import type { JobContext } from '../job';

export const SECURITY_LOG_RETENTION_INTERVAL = '12 months';
/** Longer than any rate-limit window (the longest is an hour), so a running window is never cut short. */
export const RATE_LIMIT_RETENTION_INTERVAL = '2 days';

export async function applyLogRetention({ database }: Pick<JobContext, 'database'>, now: string) {
  return {
    securityLogs: await securityLogs.deleteOlderThan(database, now, SECURITY_LOG_RETENTION_INTERVAL),
    rateLimits: await counters.deleteOlderThan(database, now, RATE_LIMIT_RETENTION_INTERVAL),
  };
}
