/**
 * Password guessing on one account (docs/decisions/020): failures are counted per account and client
 * address, and only that pair is refused past its limit, so a flood from one address never locks the
 * owner out elsewhere. Per account, failures from anywhere slow every answer down (capped) and, once
 * they come from many addresses, the owner is told by e-mail, at most once a day. Counters live in
 * rate_limits beside the other limits; a successful sign-in clears the account's.
 */
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as counters from '../rate-limit/repository';

export const SIGN_IN_GUARD = {
  /** Failures are counted over this window. */
  windowSeconds: 900,
  /** Failures from one address on one account before that pair gets 429. */
  pairMax: 10,
  /** Failures on an account (from anywhere) before its answers are slowed down. */
  delayAfter: 5,
  delayBaseMs: 250,
  delayMaxMs: 4000,
  /** Distinct addresses failing on one account within the window that make the owner be told. */
  alertAddresses: 5,
  alertEverySeconds: 86_400,
  /**
   * An attempt that would wait longer than this behind the account's attempts in flight is refused at
   * once (429) rather than held open: a flood cannot pile up connections, nor make the owner wait
   * minutes. The owner's own browser is not held back (known-device.ts).
   */
  maxWaitMs: 30_000,
  /** An attempt is in flight for seconds at most; a count left by a process that died is dropped. */
  inFlightStaleSeconds: 60,
};

const pairPrefix = (email: string) => `signIn:pair:${email} `;
const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${ip}`;
const accountKey = (email: string) => `signIn:account:${email}`;
const alertKey = (email: string) => `signIn:alert:${email}`;
const inFlightKey = (email: string) => `signIn:inFlight:${email}`;

/** The wait before answering an attempt on an account with `failures` recent failures. */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_GUARD.delayAfter) return 0;
  const doublings = Math.min(failures - SIGN_IN_GUARD.delayAfter, 16);
  return Math.min(SIGN_IN_GUARD.delayBaseMs * 2 ** doublings, SIGN_IN_GUARD.delayMaxMs);
}

async function freshCount(
  database: Database,
  key: string,
): Promise<{ count: number; windowStart: Date } | undefined> {
  const row = await counters.freshCount(database, key, SIGN_IN_GUARD.windowSeconds);
  return row ? { count: Number(row.count), windowStart: new Date(row.windowStart) } : undefined;
}

/**
 * The wait before answering an attempt that has `ahead` attempts on the same account in flight: each
 * of them counts as a failure to come, and the attempt waits its turn behind them. Without this, the
 * wait is per request, and guesses sent all at once are all answered after the same short wait.
 */
export function pacedDelayMs(failures: number, ahead: number): number {
  return (ahead + 1) * signInDelayMs(failures + ahead);
}

/** Counts an attempt in flight on the account; returns how many others were already in flight. */
export async function enterSignIn(database: Database, email: string): Promise<number> {
  const inFlight = await counters.enter(database, inFlightKey(email), SIGN_IN_GUARD.inFlightStaleSeconds);
  return Math.max(0, inFlight - 1);
}

export async function leaveSignIn(database: Database, email: string): Promise<void> {
  await counters.leave(database, inFlightKey(email));
}

/** 429 for an attempt whose turn is too far away; it is not held open. */
export function refuseLongWait(waitMs: number): void {
  if (waitMs <= SIGN_IN_GUARD.maxWaitMs) return;
  const retryAfterSeconds = Math.ceil(waitMs / 1000);
  throw new AppError('RATE_LIMITED', {
    params: { minutes: Math.ceil(retryAfterSeconds / 60) },
    retryAfterSeconds,
  });
}

/**
 * Before an attempt: 429 when this address has failed too often on this account, otherwise the
 * account's failures from anywhere.
 */
export async function checkSignIn(
  database: Database,
  email: string,
  ip: string,
  multiplier = 1,
): Promise<number> {
  const pair = await freshCount(database, pairKey(email, ip));
  if (pair && pair.count >= SIGN_IN_GUARD.pairMax * multiplier) {
    const endsAt = pair.windowStart.getTime() + SIGN_IN_GUARD.windowSeconds * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', {
      params: { minutes: Math.ceil(retryAfterSeconds / 60) },
      retryAfterSeconds,
    });
  }
  const account = await freshCount(database, accountKey(email));
  return account?.count ?? 0;
}

async function count(database: Database, key: string): Promise<void> {
  await counters.count(database, key, SIGN_IN_GUARD.windowSeconds);
}

/**
 * After a wrong password: counts it for the pair and the account. True when the owner should now be
 * told (failures from enough addresses, and no alert sent in the last day); the alert is claimed
 * atomically, so concurrent failures send it once.
 */
export async function recordSignInFailure(database: Database, email: string, ip: string): Promise<boolean> {
  await count(database, pairKey(email, ip));
  await count(database, accountKey(email));
  const addresses = await counters.countFreshWithPrefix(
    database,
    pairPrefix(email),
    SIGN_IN_GUARD.windowSeconds,
  );
  if (addresses < SIGN_IN_GUARD.alertAddresses) return false;
  return counters.claim(database, alertKey(email), SIGN_IN_GUARD.alertEverySeconds);
}

/**
 * After a successful sign-in: the account is no longer slowed down and this address starts afresh.
 * Other addresses keep their count, so the owner signing in does not free a guesser's address.
 */
export async function clearSignInFailures(database: Database, email: string, ip: string): Promise<void> {
  await counters.remove(database, [accountKey(email), pairKey(email, ip)]);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
