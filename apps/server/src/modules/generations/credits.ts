/**
 * The allowance (spec sections 6 and 9). A free account has 3 generations in all: one is reserved when a
 * generation starts and given back when it fails or is cancelled. Subscribers (Starter 40, Pro 100; any
 * other tier 3) have a monthly allowance counted over the billing cycle, which starts one month before
 * subscription_end; failed generations do not count.
 *
 * Every decision is taken under a row lock on the user's user_subscription_info row, so parallel starts
 * by one user are serialised and none can spend a credit twice.
 */
import { FREE_GENERATIONS, PLAN_ALLOWANCES, type Plan, type Usage } from '@vitrine/shared/api/generations';
import type { Queryable } from '../../db/client';
import { addMonths } from '../../lib/months';
import { currentPlan } from '../billing/subscription';

type InfoRow = {
  free_generations_used: number;
  has_subscription: boolean;
  subscription_tier: string | null;
  subscription_end: Date | string | null;
};

type Allowance = { plan: Plan; paid: boolean; limit: number; cycleStart: Date | null; end: Date | null };

function allowanceOf(info: InfoRow | undefined, now: Date): Allowance {
  const current = currentPlan(info, now);
  if (!current) return { plan: 'free', paid: false, limit: FREE_GENERATIONS, cycleStart: null, end: null };
  const cycleStart = addMonths(current.end, -1);
  if (current.tier === 'other') {
    return { plan: 'free', paid: true, limit: FREE_GENERATIONS, cycleStart, end: current.end };
  }
  return {
    plan: current.tier,
    paid: true,
    limit: PLAN_ALLOWANCES[current.tier],
    cycleStart,
    end: current.end,
  };
}

async function cycleCount(db: Queryable, userId: string, cycleStart: Date): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from background_generations
     where user_id = $1 and created_at >= $2 and status <> 'failed'`,
    [userId, cycleStart.toISOString()],
  );
  return row?.count ?? 0;
}

function usageFrom(allowance: Allowance, used: number, info: InfoRow | undefined): Usage {
  const remaining = Math.max(0, allowance.limit - used);
  return {
    plan: allowance.plan,
    hasSubscription: Boolean(info?.has_subscription),
    used,
    limit: allowance.limit,
    remaining,
    canGenerate: remaining > 0,
    cycleStart: allowance.cycleStart?.toISOString() ?? null,
    renewsAt: allowance.end?.toISOString() ?? null,
  };
}

async function readInfo(db: Queryable, userId: string, lock: boolean): Promise<InfoRow | undefined> {
  const [info] = await db.query<InfoRow>(
    `select free_generations_used, has_subscription, subscription_tier, subscription_end
     from user_subscription_info where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return info;
}

export async function usageOf(db: Queryable, userId: string, now = new Date()): Promise<Usage> {
  const info = await readInfo(db, userId, false);
  const allowance = allowanceOf(info, now);
  const used = allowance.paid
    ? await cycleCount(db, userId, allowance.cycleStart!)
    : (info?.free_generations_used ?? 0);
  return usageFrom(allowance, used, info);
}

export type Reservation = { ok: true; reserved: boolean } | { ok: false };

/**
 * Locks the user's allowance row (creating it on first use) and tells whether one more generation is
 * allowed. Call `reserve` inside the transaction that inserts the generation.
 */
export async function lockAllowance(tx: Queryable, userId: string, now = new Date()) {
  await tx.query(
    `insert into user_subscription_info (user_id) values ($1) on conflict (user_id) do nothing`,
    [userId],
  );
  const info = await readInfo(tx, userId, true);
  const allowance = allowanceOf(info, now);
  return {
    /** Takes one generation from the allowance; `reserved` says a free credit is now held. */
    async reserve(): Promise<Reservation> {
      if (allowance.paid) {
        // The generation being started is already inserted in this transaction: it counts itself.
        const used = await cycleCount(tx, userId, allowance.cycleStart!);
        return used <= allowance.limit ? { ok: true, reserved: false } : { ok: false };
      }
      const rows = await tx.query(
        `update user_subscription_info
         set free_generations_used = free_generations_used + 1, updated_at = now()
         where user_id = $1 and free_generations_used < $2
         returning free_generations_used`,
        [userId, allowance.limit],
      );
      return rows.length > 0 ? { ok: true, reserved: true } : { ok: false };
    },
  };
}

/**
 * Gives back the credit held by the listed generations, once: the flag is cleared in the same statement
 * that reads it, so a cancel racing a failure cannot refund twice.
 */
export async function releaseCredits(
  tx: Queryable,
  userId: string,
  generationIds: string[],
): Promise<number> {
  if (generationIds.length === 0) return 0;
  const released = await tx.query<{ id: string }>(
    `update background_generations set credit_reserved = false
     where user_id = $1 and id = any($2::uuid[]) and credit_reserved
     returning id`,
    [userId, generationIds],
  );
  if (released.length > 0) {
    await tx.query(
      `update user_subscription_info
       set free_generations_used = greatest(0, free_generations_used - $2), updated_at = now()
       where user_id = $1`,
      [userId, released.length],
    );
  }
  return released.length;
}
