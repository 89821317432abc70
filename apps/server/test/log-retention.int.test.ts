import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logRetention } from '../src/jobs/definitions/log-retention';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('log retention (the privacy policy’s periods)', () => {
  it('deletes security-log entries older than 12 months and attempt counters whose window is long over', async () => {
    await t.database.query(
      `insert into security_logs (event_type, event_details, created_at) values
       ('signed_in', '{}', now() - interval '13 months'),
       ('signed_in', '{}', now() - interval '11 months')`,
    );
    await t.database.query(
      `insert into rate_limits (key, window_start, count) values
       ('signIn:ip:203.0.113.9', now() - interval '3 days', 4),
       ('signIn:email:a@example.test', now() - interval '10 minutes', 2)`,
    );
    const summary = await logRetention.handle(
      { database: t.database, logger: pino({ level: 'silent' }) } as never,
      {},
    );
    expect(summary).toEqual({ securityLogs: 1, rateLimits: 1 });
    const logs = await t.database.query<{ age: string }>(
      `select created_at > now() - interval '12 months' as age from security_logs`,
    );
    expect(logs.every((row) => row.age)).toBe(true);
    const keys = await t.database.query<{ key: string }>('select key from rate_limits');
    expect(keys.map((row) => row.key)).toEqual(['signIn:email:a@example.test']);
  });
});
