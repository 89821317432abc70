/**
 * Deleting one's account (Account page, "Supprimer mon compte / Delete my account").
 *
 * Route (signed-in user only):
 * - POST /api/account/delete  DeleteAccountInput → { status: 'deleted' }, and the session cookie cleared.
 *   Everything of the account goes: its profile, generations and their images, uploads and cut-outs,
 *   saved edits, brand kit, plan and sessions (docs/decisions/072).
 *   400 VALIDATION_FAILED (error.fields.email) when the address typed is not the account's;
 *   400 VALIDATION_FAILED (error.fields.password) when the account has a password and none was given;
 *   401 INVALID_CREDENTIALS for a wrong password; 403 REAUTH_REQUIRED for an account without a password
 *   whose session is more than a day old (sign in again; only when SESSION_MAX_AGE_HOURS is over 24); 409 SUBSCRIPTION_ACTIVE while a paid plan
 *   renews (not cancelled, and not ended two weeks ago or more); 429 past five attempts in 15 minutes; 503 when the image storage cannot be reached.
 *   Nothing is deleted on any error.
 */
import { z } from 'zod';
import { text } from '../validation/schema';

export const deleteAccountInput = z.object({
  /** The account's e-mail address, typed again: deleting cannot be undone. */
  email: text({ error: 'account.delete.emailMismatch' }).trim().max(254, 'account.delete.emailMismatch'),
  password: text().max(200).optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
