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
import { ensureAllowanceRow, readAllowance, takeFreeCredit, type AllowanceRow } from '../billing/repository';
import { currentPlan } from '../billing/subscription';
import { countInCycle } from './repository';

type Allowance = { plan: Plan; paid: boolean; limit: number; cycleStart: Date | null; end: Date | null };

function allowanceOf(info: AllowanceRow | undefined, now: Date): Allowance {
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

function usageFrom(allowance: Allowance, used: number, info: AllowanceRow | undefined): Usage {
  const remaining = Math.max(0, allowance.limit - used);
  return {
    plan: allowance.plan,
    hasSubscription: Boolean(info?.hasSubscription),
    used,
    limit: allowance.limit,
    remaining,
    canGenerate: remaining > 0,
    cycleStart: allowance.cycleStart?.toISOString() ?? null,
    renewsAt: allowance.end?.toISOString() ?? null,
  };
}

export async function usageOf(db: Queryable, userId: string, now = new Date()): Promise<Usage> {
  const info = await readAllowance(db, userId);
  const allowance = allowanceOf(info, now);
  const used = allowance.paid
    ? await countInCycle(db, userId, allowance.cycleStart!)
    : (info?.freeGenerationsUsed ?? 0);
  return usageFrom(allowance, used, info);
}

export type Reservation = { ok: true; reserved: boolean } | { ok: false };

/**
 * Locks the user's allowance row (creating it on first use) and tells whether one more generation is
 * allowed. Call `reserve` inside the transaction that inserts the generation.
 */
export async function lockAllowance(tx: Queryable, userId: string, now = new Date()) {
  await ensureAllowanceRow(tx, userId);
  const info = await readAllowance(tx, userId, { lock: true });
  const allowance = allowanceOf(info, now);
  return {
    /** Takes one generation from the allowance; `reserved` says a free credit is now held. */
    async reserve(): Promise<Reservation> {
      if (allowance.paid) {
        // The generation being started is already inserted in this transaction: it counts itself.
        const used = await countInCycle(tx, userId, allowance.cycleStart!);
        return used <= allowance.limit ? { ok: true, reserved: false } : { ok: false };
      }
      return (await takeFreeCredit(tx, userId, allowance.limit))
        ? { ok: true, reserved: true }
        : { ok: false };
    },
  };
}
