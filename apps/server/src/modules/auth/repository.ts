/**
 * The statements of the account code on users and verifications that better-auth does not make
 * itself (its own go through its Drizzle adapter, auth.ts): looking accounts up, confirming and
 * replacing unconfirmed ones, reset links and sign-up proofs.
 */
import type { Queryable } from '../../db/client';
import type { users } from '../../db/schema';

/** Whether the account exists. */
export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(`select id from users where id = $1`, [userId]);
  return rows.length > 0;
}

type UserRecord = typeof users.$inferSelect;

/** The account of an address, if it has one. */
export async function findByEmail(
  db: Queryable,
  email: string,
): Promise<Pick<UserRecord, 'id' | 'name' | 'emailVerified'> | undefined> {
  const [account] = await db.query<Pick<UserRecord, 'id' | 'name' | 'emailVerified'>>(
    `select id, name, email_verified as "emailVerified" from users where email = $1`,
    [email],
  );
  return account;
}

/** Confirms the account's address; false when it was confirmed already. */
export async function confirmEmail(db: Queryable, userId: string): Promise<boolean> {
  const confirmed = await db.query(
    `update users set email_verified = true, updated_at = now() where id = $1 and email_verified = false
     returning id`,
    [userId],
  );
  return confirmed.length > 0;
}

/** Deletes the address's account if it was never confirmed (its rows in other tables go by cascade). */
export async function deleteUnconfirmed(db: Queryable, email: string): Promise<void> {
  await db.query(`delete from users where email = $1 and email_verified = false`, [email]);
}

// Verifications: reset links (better-auth's, value = the account's id) and sign-up proofs (ours).

/** Whether a verification with this (hashed) identifier is still live, and for `value` if given. */
export async function isLiveVerification(
  db: Queryable,
  identifier: string,
  value?: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from verifications where identifier = $1 and ($2::text is null or value = $2)
       and expires_at > now()`,
    [identifier, value ?? null],
  );
  return rows.length > 0;
}

/** The value of the verification with this identifier, live or not. */
export async function verificationValue(db: Queryable, identifier: string): Promise<string | undefined> {
  const [holder] = await db.query<{ value: string }>(
    `select value from verifications where identifier = $1`,
    [identifier],
  );
  return holder?.value;
}

export async function insertVerification(
  db: Queryable,
  verification: { id: string; identifier: string; value: string; lifetimeSeconds: number },
): Promise<void> {
  await db.query(
    `insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
     values ($1, $2, $3, now() + make_interval(secs => $4), now(), now())`,
    [verification.id, verification.identifier, verification.value, verification.lifetimeSeconds],
  );
}

/** Deletes every verification whose value is `value`. */
export async function deleteVerifications(db: Queryable, value: string): Promise<void> {
  await db.query(`delete from verifications where value = $1`, [value]);
}

/**
 * Deletes the verifications of `value` made strictly before the one with identifier `identifier`
 * (two made at the same instant both stay).
 */
export async function deleteVerificationsBefore(
  db: Queryable,
  value: string,
  identifier: string,
): Promise<void> {
  await db.query(
    `delete from verifications
     where value = $1 and identifier <> $2
       and created_at < (select created_at from verifications where identifier = $2)`,
    [value, identifier],
  );
}

/** Reads the sessions table (the status page's check that sign-in can work). */
export async function readSessions(db: Queryable): Promise<void> {
  await db.query(`select 1 from sessions limit 1`);
}
