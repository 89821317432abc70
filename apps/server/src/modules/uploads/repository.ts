/**
 * Every statement on uploads: storing, finding, listing, using and deleting a user's photos. Which
 * uploads are kept is one SQL condition, notExpired (retention.ts), used by every read that offers one.
 */
import type { Queryable } from '../../db/client';
import type { uploads } from '../../db/schema';
import { notExpired } from './retention';

export type UploadRecord = typeof uploads.$inferSelect;

/** The user's unexpired uploads among `ids`, by id. */
export async function findOwnUploads(
  db: Queryable,
  userId: string,
  ids: string[],
): Promise<Map<string, Pick<UploadRecord, 'id' | 'storageKey'>>> {
  const rows = await db.query<Pick<UploadRecord, 'id' | 'storageKey'>>(
    `select id, storage_key as "storageKey" from uploads where user_id = $1 and id = any($2::uuid[])
       and ${notExpired()}`,
    [userId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ids of the user's uploads stored under `keys`, in their order (undefined for a key not found). */
export async function idsOfStorageKeys(
  db: Queryable,
  userId: string,
  keys: string[],
): Promise<(string | undefined)[]> {
  const rows = await db.query<Pick<UploadRecord, 'id' | 'storageKey'>>(
    `select id, storage_key as "storageKey" from uploads where user_id = $1 and storage_key = any($2::text[])`,
    [userId, keys],
  );
  return keys.map((key) => rows.find((row) => row.storageKey === key)?.id);
}

/** Marks uploads as used now (a generation started from them): their year starts again. */
export async function touchUploads(db: Queryable, userId: string, ids: string[]): Promise<void> {
  await db.query(`update uploads set last_used_at = now() where user_id = $1 and id = any($2::uuid[])`, [
    userId,
    ids,
  ]);
}

/** The files an upload leaves behind once its row is gone: the image, its preview and its cut-out's. */
export type UploadFiles = { storageKey: string; maskKey: string | null; previewKey: string | null };

/**
 * Deletes the uploads expired at `now` (SQL timestamptz text), and editor logos no saved document uses
 * `logoGraceDays` after their last use; answers their files (their cut-outs go by cascade).
 */
export async function deleteExpired(
  db: Queryable,
  now: string,
  logoGraceDays: number,
): Promise<UploadFiles[]> {
  return db.query<UploadFiles>(
    `with gone as (
       delete from uploads
       where not ${notExpired('uploads', '$1::timestamptz')}
          or (role = 'logo' and last_used_at < $1::timestamptz - make_interval(days => $2)
              and not exists (select 1 from generation_edits e where e.logo_upload_id = uploads.id))
       returning id, storage_key)
     select gone.storage_key as "storageKey", c.mask_key as "maskKey", c.preview_key as "previewKey"
     from gone left join upload_cutouts c on c.upload_id = gone.id`,
    [now, logoGraceDays],
  );
}
