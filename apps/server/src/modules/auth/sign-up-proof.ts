/**
 * Which browser chose an unconfirmed account's password (docs/decisions/036). Anyone can sign up with
 * someone else's address; clicking the confirmation link proves the address, not the password. So the
 * browser that signed up, or that signed in with the password while the address was unconfirmed, keeps
 * a random proof in a cookie; the link activates the password only when opened there. Opened anywhere
 * else, it leads its reader to choose the password (auth/confirmation.ts).
 *
 * A proof is a `verifications` row: the identifier is the hashed proof, the value names the account with
 * a prefix (a reset link's value is the bare account id, reset-links.ts), and it lasts as long as a
 * confirmation link does.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { VERIFICATION_LINK_HOURS } from './auth';
import { readCookie, setAuthCookie } from './cookies';
import { deleteVerifications, insertVerification, isLiveVerification } from './repository';
import { hashToken } from './session-store';

export const SIGN_UP_PROOF_COOKIE = 'vitrine.sign_up';

const proofKey = (proof: string) => hashToken(`sign-up-proof:${proof}`);
const proofOwner = (userId: string) => `sign-up-proof:${userId}`;
const LIFETIME_SECONDS = VERIFICATION_LINK_HOURS * 3600;

/** Gives this browser the proof that it chose the account's current password. */
export async function issueSignUpProof(
  db: Queryable,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<void> {
  const proof = randomBytes(32).toString('base64url');
  await insertVerification(db, {
    id: randomBytes(16).toString('base64url'),
    identifier: proofKey(proof),
    value: proofOwner(userId),
    lifetimeSeconds: LIFETIME_SECONDS,
  });
  setAuthCookie(reply, SIGN_UP_PROOF_COOKIE, proof, LIFETIME_SECONDS, secure);
}

/**
 * The same cookie, proving nothing, for a sign-up that made no account: the answer must not show
 * whether the address already had one.
 */
export function issueDecoyProof(reply: FastifyReply, secure: boolean): void {
  setAuthCookie(reply, SIGN_UP_PROOF_COOKIE, randomBytes(32).toString('base64url'), LIFETIME_SECONDS, secure);
}

/** Whether this browser chose the account's current password. */
export async function holdsSignUpProof(
  db: Queryable,
  request: FastifyRequest,
  userId: string,
  secure: boolean,
): Promise<boolean> {
  const proof = readCookie(request, SIGN_UP_PROOF_COOKIE, secure);
  if (!proof || proof.length > 100) return false;
  return isLiveVerification(db, proofKey(proof), proofOwner(userId));
}

/** Once the password is active or replaced, no browser's proof means anything any more. */
export async function forgetSignUpProofs(db: Queryable, userId: string): Promise<void> {
  await deleteVerifications(db, proofOwner(userId));
}
