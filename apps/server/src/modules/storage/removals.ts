/**
 * Removing files whose rows are already gone. A file the storage fails to remove (a bucket away for a
 * moment) is queued in files_to_remove, and the history retention job removes it later: a deletion
 * never leaves a file behind for good (docs/decisions/072).
 */
import type { Queryable } from '../../db/client';
import { queueRemovals, queuedRemovals, removalDone } from './repository';
import type { Storage } from './storage';

type Deps = { database: Queryable; storage: Storage };

/** Removes each file named; those the storage fails to remove are queued. Answers how many went now. */
export async function removeOrQueue(deps: Deps, keys: (string | null | undefined)[]): Promise<number> {
  const failed: string[] = [];
  let removed = 0;
  for (const key of keys) {
    if (!key) continue;
    try {
      await deps.storage.remove(key);
      removed++;
    } catch {
      failed.push(key);
    }
  }
  await queueRemovals(deps.database, failed);
  return removed;
}

/** Removes the queued files, a batch at a time; those that fail again stay queued. Answers how many went. */
export async function removeQueued(deps: Deps, batch = 1000): Promise<number> {
  let removed = 0;
  for (const key of await queuedRemovals(deps.database, batch)) {
    try {
      await deps.storage.remove(key);
    } catch {
      continue;
    }
    await removalDone(deps.database, key);
    removed++;
  }
  return removed;
}
