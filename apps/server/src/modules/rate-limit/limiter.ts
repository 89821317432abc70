/**
 * Fixed-window rate limits kept in the database (repository.ts), so they hold across processes and
 * restarts. One atomic upsert per check: the window restarts when it has passed, otherwise the count
 * goes up.
 */
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { count, refund } from './repository';

export type Limit = { max: number; windowSeconds: number };

/**
 * Limits per action, per client address and per e-mail address. Sign-in has no per-e-mail limit, which
 * would let anyone lock an owner out: failures on an account are handled by auth/sign-in-guard.ts.
 */
export const LIMITS = {
  signIn: { ip: { max: 30, windowSeconds: 900 } },
  signUp: { ip: { max: 20, windowSeconds: 3600 }, email: { max: 5, windowSeconds: 3600 } },
  passwordReset: { ip: { max: 20, windowSeconds: 3600 }, email: { max: 5, windowSeconds: 3600 } },
  resetLinkCheck: { ip: { max: 60, windowSeconds: 3600 } },
  verification: { ip: { max: 20, windowSeconds: 3600 }, email: { max: 5, windowSeconds: 3600 } },
} satisfies Record<string, { ip: Limit; email?: Limit }>;

/** `limit` with its maximum multiplied (RATE_LIMIT_MULTIPLIER). */
export const scaled = (limit: Limit, multiplier: number): Limit => ({
  ...limit,
  max: limit.max * multiplier,
});

/**
 * Counts one attempt under `key` (or `amount` units of work); past the limit, a 429 with `messageKey`
 * (or the generic message). With `refundRefused`, a refused request's units are taken back: work that
 * was never done does not hold the budget (a large request refused near the limit leaves room for a
 * small one).
 */
export async function hit(
  database: Database,
  key: string,
  limit: Limit,
  messageKey?: MessageKey,
  amount = 1,
  { refundRefused = false } = {},
): Promise<void> {
  const row = await count(database, key, limit.windowSeconds, amount);
  if (row && row.count > limit.max) {
    if (refundRefused) await refund(database, key, amount);
    const endsAt = new Date(row.windowStart).getTime() + limit.windowSeconds * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', {
      params: { minutes: Math.ceil(retryAfterSeconds / 60) },
      retryAfterSeconds,
      ...(messageKey && { messageKey }),
    });
  }
}

/** Counts one attempt against both the client address and the e-mail address. */
export async function limitAttempt(
  database: Database,
  action: keyof typeof LIMITS,
  ip: string,
  email: string | undefined,
  multiplier = 1,
): Promise<void> {
  const limits: { ip: Limit; email?: Limit } = LIMITS[action];
  await hit(database, `${action}:ip:${ip}`, scaled(limits.ip, multiplier));
  if (email && limits.email)
    await hit(database, `${action}:email:${email}`, scaled(limits.email, multiplier));
}
