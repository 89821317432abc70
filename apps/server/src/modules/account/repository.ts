/** What deleting an account reads and writes besides better-auth's own deletion (service.ts). */
import type { Queryable } from '../../db/client';

/** Whether the account signs in with a password (not only with Google). */
export async function hasPassword(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from accounts where user_id = $1 and provider_id = 'credential' and password is not null`,
    [userId],
  );
  return rows.length > 0;
}

/**
 * Whether a paid plan renews: not cancelled, and not ended more than two weeks ago (a renewal's
 * payment may be retried for days after the period's end, and its notice arrive late).
 */
export async function hasRenewingPlan(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from user_subscription_info
     where user_id = $1 and has_subscription and not cancel_at_period_end
       and (subscription_end is null or subscription_end > now() - interval '14 days')`,
    [userId],
  );
  return rows.length > 0;
}

/** The deleted account's files are to be removed (until filesRemoved). */
export async function markFilesPending(db: Queryable, userId: string): Promise<void> {
  await db.query(`insert into deleted_owners (user_id) values ($1) on conflict do nothing`, [userId]);
}

export async function filesRemoved(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from deleted_owners where user_id = $1`, [userId]);
}

/** Deleted accounts whose files are not all removed yet (an account still there is not deleted). */
export async function ownersWithFilesPending(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `select d.user_id from deleted_owners d
     where not exists (select 1 from users u where u.id = d.user_id)
     order by d.created_at`,
  );
  return rows.map((row) => row.user_id);
}
