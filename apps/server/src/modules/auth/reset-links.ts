/**
 * Password reset links (docs/decisions/036): an account has one live link at a time. A new link ends the
 * ones sent before it, and a reset ends them all: an old message left in a mailbox, or read by someone
 * else, no longer opens the account.
 *
 * better-auth keeps a link as a `verifications` row whose identifier is the hashed token and whose value
 * is the account's id; no other row of that table has a bare account id for value (OAuth states hold
 * JSON, the sign-up proofs a prefixed id).
 */
import type { Queryable } from '../../db/client';
import { deleteVerifications, deleteVerificationsBefore } from './repository';
import { hashToken } from './session-store';

/** How better-auth stores a reset link's token (hashed, verification.storeIdentifier in auth.ts). */
export const resetLinkKey = (token: string) => hashToken(`reset-password:${token}`);

/**
 * Ends the account's links made before this one. Strictly before: two links made at the same instant
 * (two processes) both stay, rather than ending each other.
 */
export async function revokeOlderResetLinks(db: Queryable, userId: string, token: string): Promise<void> {
  await deleteVerificationsBefore(db, userId, resetLinkKey(token));
}

/** Ends every reset link of the account. */
export async function revokeResetLinks(db: Queryable, userId: string): Promise<void> {
  await deleteVerifications(db, userId);
}
