/**
 * Deleting an upload: its row goes first (its cut-out with it, by cascade), then its files (the image,
 * its preview, the cut-out's masks and preview). A file left by a failed removal is unreachable, never a
 * listed upload without its image, and is queued for the retention job to remove (storage/removals.ts).
 */
import type { Database } from '../../db/client';
import { removeOrQueue } from '../storage/removals';
import type { Storage } from '../storage/storage';
import { thumbnailKey } from './recent';
import { deleteOwn, type UploadFiles } from './repository';

/** The storage keys of an upload's files. */
export const filesOf = (upload: UploadFiles): string[] =>
  [
    upload.storageKey,
    thumbnailKey(upload.storageKey),
    upload.maskKey,
    upload.previewKey,
    upload.baseMaskKey,
  ].filter((key): key is string => Boolean(key));

/**
 * Deletes the user's upload and its files; false when the user has no such upload (or, with
 * `onlyIfNotUsedSince`, when it has been used since it was stored).
 */
export async function removeUpload(
  deps: { database: Database; storage: Storage },
  id: string,
  userId: string,
  options?: { onlyIfNotUsedSince?: boolean },
): Promise<boolean> {
  const gone = await deleteOwn(deps.database, id, userId, options);
  if (gone) await removeOrQueue(deps, filesOf(gone));
  return Boolean(gone);
}
