/**
 * The statements of the account code on users and verifications that better-auth does not make
 * itself (its own go through its Drizzle adapter, auth.ts): looking accounts up, confirming and
 * replacing unconfirmed ones, reset links and sign-up proofs.
 */
import type { Queryable } from '../../db/client';

/** Whether the account exists. */
export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(`select id from users where id = $1`, [userId]);
  return rows.length > 0;
}
