/** Once a day, old security-log entries and attempt counters go (handlers/log-retention.ts). */
import { z } from 'zod';
import { applyLogRetention } from '../handlers/log-retention';
import type { JobDefinition } from '../job';

export const logRetention: JobDefinition<{ now?: string }> = {
  name: 'log-retention',
  version: 1,
  payload: z.object({ now: z.iso.datetime().optional() }),
  schedule: '47 3 * * *',
  handle: (context, payload) => applyLogRetention(context, payload.now ?? new Date().toISOString()),
};
