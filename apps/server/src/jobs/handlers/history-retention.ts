/**
 * History is kept for one year (spec sections 1 and 9): generations older than that are deleted with
 * their image files, and the finished background records that led to them. Uploads go once expired
 * (uploads/retention.ts: a year after their last use, uploaded or used by a generation, or 30 days after
 * it when no kept generation or saved image uses them), with their preview and cut-out files; an editor
 * logo that no saved document uses goes a day after its last use. Files the storage failed to remove at an
 * earlier deletion (storage/removals.ts, and a deleted account's, account/service.ts) are removed now.
 */
import { filesRemoved, ownersWithFilesPending } from '../../modules/account/repository';
import { removeOwnerFiles } from '../../modules/account/service';
import { deleteFinishedBefore } from '../../modules/generations/repository';
import { filesOf } from '../../modules/uploads/remove';
import { deleteExpired } from '../../modules/uploads/repository';
import { removeOrQueue, removeQueued } from '../../modules/storage/removals';
import type { JobContext } from '../job';

export const HISTORY_RETENTION_INTERVAL = '1 year';
/** An editor logo no saved document uses is deleted this many days after its last use. */
export const LOGO_GRACE_DAYS = 1;

export async function applyHistoryRetention(
  { database, storage }: Pick<JobContext, 'database' | 'storage'>,
  now: string,
) {
  // The rows are gone first: a file left by a failed removal is unreachable, never a broken entry.
  const generations = await deleteFinishedBefore(database, now, HISTORY_RETENTION_INTERVAL);
  // Files the storage failed to remove earlier (here, or when an upload or an account was deleted).
  let deletedFiles = await removeQueued({ database, storage });
  deletedFiles += await removeOrQueue({ database, storage }, generations.imageKeys);
  const uploads = await deleteExpired(database, now, LOGO_GRACE_DAYS);
  for (const upload of uploads) {
    deletedFiles += await removeOrQueue({ database, storage }, filesOf(upload));
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
