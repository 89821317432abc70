/**
 * History is kept for one year (spec sections 1 and 9): once a day, generations older than that are
 * deleted with their image files, and the finished background records that led to them.
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
  async handle({ database, storage }, payload) {
    const now = payload.now ?? new Date().toISOString();
    const images = await database.query<{ id: string; images: { key?: unknown }[] | null }>(
      `delete from user_image_generations
       where generated_at < $1::timestamptz - $2::interval
       returning id, webhook_data->'images' as images`,
      [now, HISTORY_RETENTION_INTERVAL],
    );
    // The rows are gone first: a file left by a failed removal is unreachable, never a broken entry.
    const keys = images.flatMap((row) =>
      Array.isArray(row.images)
        ? row.images.map((i) => i?.key).filter((k): k is string => typeof k === 'string')
        : [],
    );
    let deletedFiles = 0;
    for (const key of keys) {
      try {
        await storage.remove(key);
        deletedFiles++;
      } catch {
        // counted as not deleted; the summary shows it
      }
    }
    const records = await database.query<{ id: string }>(
      `delete from background_generations
       where created_at < $1::timestamptz - $2::interval and status in ('completed', 'failed')
       returning id`,
      [now, HISTORY_RETENTION_INTERVAL],
    );
    return { deletedGenerations: images.length, deletedBackgroundRecords: records.length, deletedFiles };
  },
};
