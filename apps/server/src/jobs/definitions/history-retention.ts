/**
 * History is kept for one year (spec sections 1 and 9): once a day, generations older than that are
 * deleted with their image files, and the finished background records that led to them. Uploads go once
 * expired (retention.ts: a year after their last use, uploaded or used by a generation, or 30 days after
 * it when no kept generation or saved image uses them), with their preview and cut-out files; an editor
 * logo that no saved document uses goes a day after its last use.
 */
import { z } from 'zod';
import { thumbnailKey } from '../../modules/uploads/recent';
import { notExpired } from '../../modules/uploads/retention';
import type { JobDefinition } from '../job';

export const HISTORY_RETENTION_INTERVAL = '1 year';
/** An editor logo no saved document uses is deleted this many days after its last use. */
export const LOGO_GRACE_DAYS = 1;

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
    const uploads = await database.query<{
      storage_key: string;
      mask_key: string | null;
      preview_key: string | null;
    }>(
      `with gone as (
         delete from uploads
         where not ${notExpired('uploads', '$1::timestamptz')}
            or (role = 'logo' and last_used_at < $1::timestamptz - make_interval(days => $2)
                and not exists (select 1 from generation_edits e where e.logo_upload_id = uploads.id))
         returning id, storage_key)
       select gone.storage_key, c.mask_key, c.preview_key
       from gone left join upload_cutouts c on c.upload_id = gone.id`,
      [now, LOGO_GRACE_DAYS],
    );
    for (const upload of uploads) {
      for (const key of [
        upload.storage_key,
        thumbnailKey(upload.storage_key),
        upload.mask_key,
        upload.preview_key,
      ]) {
        if (!key) continue;
        try {
          await storage.remove(key);
          deletedFiles++;
        } catch {
          // counted as not deleted
        }
      }
    }
    return {
      deletedGenerations: images.length,
      deletedBackgroundRecords: records.length,
      deletedUploads: uploads.length,
      deletedFiles,
    };
  },
};
