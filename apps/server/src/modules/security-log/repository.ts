/** Every statement on security_logs. */
import type { Queryable } from '../../db/client';

export async function insert(
  db: Queryable,
  entry: { userId: string | null; type: string; details: object; userAgent: string | null },
): Promise<void> {
  await db.query(
    `insert into security_logs (user_id, event_type, event_details, ip_address, user_agent)
     values ($1, $2, $3, null, $4)`,
    [entry.userId, entry.type, JSON.stringify(entry.details), entry.userAgent],
  );
}

/** Deletes the entries written before `now` (SQL timestamptz) minus `interval`; answers how many. */
export async function deleteOlderThan(db: Queryable, now: string, interval: string): Promise<number> {
  const logs = await db.query<{ id: string }>(
    'delete from security_logs where created_at < $1::timestamptz - $2::interval returning id',
    [now, interval],
  );
  return logs.length;
}
