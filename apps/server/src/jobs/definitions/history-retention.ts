/**
 * History is kept for one year (spec sections 1 and 9): once a day, generations older than that are
 * deleted, with the finished background records that led to them.
 */
import { z } from 'zod';
import type { JobDefinition } from '../job';

export const HISTORY_RETENTION_INTERVAL = '1 year';

export const historyRetention: JobDefinition<{ now?: string }> = {
  name: 'history-retention',
  version: 1,
  payload: z.object({ now: z.iso.datetime().optional() }),
  // Every day at 03:17 UTC, away from the top of the hour.
  schedule: '17 3 * * *',
  async handle({ database }, payload) {
    const now = payload.now ?? new Date().toISOString();
    const images = await database.query<{ id: string }>(
      `delete from user_image_generations
       where generated_at < $1::timestamptz - $2::interval
       returning id`,
      [now, HISTORY_RETENTION_INTERVAL],
    );
    const records = await database.query<{ id: string }>(
      `delete from background_generations
       where created_at < $1::timestamptz - $2::interval and status in ('completed', 'failed')
       returning id`,
      [now, HISTORY_RETENTION_INTERVAL],
    );
    return { deletedGenerations: images.length, deletedBackgroundRecords: records.length };
  },
};
