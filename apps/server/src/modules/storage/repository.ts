/** files_to_remove: files whose rows are gone and whose removal failed (removals.ts). */
import type { Queryable } from '../../db/client';

export async function queueRemovals(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `insert into files_to_remove (storage_key) select unnest($1::text[]) on conflict do nothing`,
    [keys],
  );
}

/** The oldest queued first. */
export async function queuedRemovals(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>(
    `select storage_key from files_to_remove order by created_at limit $1`,
    [limit],
  );
  return rows.map((row) => row.storage_key);
}

export async function removalDone(db: Queryable, key: string): Promise<void> {
  await db.query(`delete from files_to_remove where storage_key = $1`, [key]);
}
