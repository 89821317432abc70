/** Once a day, a year of history is kept and expired uploads go (handlers/history-retention.ts). */
import { z } from 'zod';
import { applyHistoryRetention } from '../handlers/history-retention';
import type { JobDefinition } from '../job';

export const historyRetention: JobDefinition<{ now?: string }> = {
  name: 'history-retention',
  version: 1,
  payload: z.object({ now: z.iso.datetime().optional() }),
  // Every day at 03:17 UTC, away from the top of the hour.
  schedule: '17 3 * * *',
  handle: (context, payload) => applyHistoryRetention(context, payload.now ?? new Date().toISOString()),
};
