/**
 * History is kept for one year (spec sections 1 and 9): generations older than that are deleted with
 * their image files, and the finished background records that led to them. Uploads go once expired
 * (uploads/retention.ts: a year after their last use, uploaded or used by a generation, or 30 days after
 * it when no kept generation or saved image uses them), with their preview and cut-out files; an editor
 * logo that no saved document uses goes a day after its last use. The files of a deleted account that the
 * storage failed to remove then are removed now (account/service.ts).
 */
import { filesRemoved, ownersWithFilesPending } from '../../modules/account/repository';
import { removeOwnerFiles } from '../../modules/account/service';
import { deleteFinishedBefore } from '../../modules/generations/repository';
import { filesOf } from '../../modules/uploads/remove';
import { deleteExpired } from '../../modules/uploads/repository';
import type { Storage } from '../../modules/storage/storage';
import type { JobContext } from '../job';

export const HISTORY_RETENTION_INTERVAL = '1 year';
/** An editor logo no saved document uses is deleted this many days after its last use. */
export const LOGO_GRACE_DAYS = 1;

/** Removes the files; answers how many went (a failed removal is counted as not deleted). */
async function removeAll(storage: Storage, keys: (string | null)[]): Promise<number> {
  let deleted = 0;
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.remove(key);
      deleted++;
    } catch {
      // counted as not deleted; the summary shows it
    }
  }
  return deleted;
}

export async function applyHistoryRetention(
  { database, storage }: Pick<JobContext, 'database' | 'storage'>,
  now: string,
) {
  // The rows are gone first: a file left by a failed removal is unreachable, never a broken entry.
  const generations = await deleteFinishedBefore(database, now, HISTORY_RETENTION_INTERVAL);
  let deletedFiles = await removeAll(storage, generations.imageKeys);
  const uploads = await deleteExpired(database, now, LOGO_GRACE_DAYS);
  for (const upload of uploads) {
    deletedFiles += await removeAll(storage, filesOf(upload));
  }
  let finishedAccountDeletions = 0;
  for (const owner of await ownersWithFilesPending(database)) {
    if (!(await removeOwnerFiles(storage, owner))) continue;
    await filesRemoved(database, owner);
    finishedAccountDeletions++;
  }
  return {
    finishedAccountDeletions,
    deletedGenerations: generations.results,
    deletedBackgroundRecords: generations.records,
    deletedUploads: uploads.length,
    deletedFiles,
  };
}
