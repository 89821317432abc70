/**
 * Deleting an upload: its row goes first (its cut-out with it, by cascade), then its files (the image,
 * its preview, the cut-out's mask and preview). A file left by a failed removal is unreachable, never a
 * listed upload without its image.
 */
import type { Database, Queryable } from '../../db/client';
import type { Storage } from '../storage/storage';
import { removeFiles } from './cutout';
import { thumbnailKey } from './recent';

/**
 * Deletes the user's upload `id` when `condition` (SQL on the `uploads` row, parameters from $3) also
 * holds; answers the storage keys of its files, or null when nothing was deleted. Run it inside a
 * transaction and remove the files once that has committed.
 */
export async function deleteUploadRow(
  db: Queryable,
  id: string,
  userId: string,
  condition = 'true',
  params: unknown[] = [],
): Promise<string[] | null> {
  const [row] = await db.query<{ storage_key: string; mask_key: string | null; preview_key: string | null }>(
    `with gone as (delete from uploads where id = $1 and user_id = $2 and (${condition})
                   returning id, storage_key)
     select gone.storage_key, c.mask_key, c.preview_key
     from gone left join upload_cutouts c on c.upload_id = gone.id`,
    [id, userId, ...params],
  );
  if (!row) return null;
  return [row.storage_key, thumbnailKey(row.storage_key), row.mask_key, row.preview_key].filter(
    (key): key is string => Boolean(key),
  );
}

/**
 * Deletes the user's upload and its files; false when the user has no such upload (or `condition`, SQL
 * on its row, does not hold).
 */
export async function removeUpload(
  deps: { database: Database; storage: Storage },
  id: string,
  userId: string,
  condition?: string,
): Promise<boolean> {
  const files = await deleteUploadRow(deps.database, id, userId, condition);
  if (files) await removeFiles(deps.storage, files);
  return Boolean(files);
}
