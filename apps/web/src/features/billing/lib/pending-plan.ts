/**
 * The paid plan a visitor chose in the pricing before having an account ("Start free trial" leads to
 * sign-up): kept in the browser for a day, so that once signed in the pricing offers to finish with
 * that plan rather than forget it.
 */
import { PAID_PLANS, type PaidPlan } from '@vitrine/shared/api/billing';

export const PENDING_PLAN_STORAGE_KEY = 'vitrine.pendingPlan';
/** A day: long enough to confirm the e-mail address, short enough not to surprise later. */
export const PENDING_PLAN_MAX_AGE_MS = 86_400_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const isPaidPlan = (value: unknown): value is PaidPlan =>
  typeof value === 'string' && (PAID_PLANS as readonly string[]).includes(value);

export function rememberPlan(storage: Store | undefined, plan: PaidPlan, now: number): void {
  try {
    storage?.setItem(PENDING_PLAN_STORAGE_KEY, JSON.stringify({ plan, at: now }));
  } catch {
    // Storage refused (private mode, full): the plan is simply not remembered.
  }
}

/** The plan chosen less than a day ago, or null (nothing, unreadable, or too old: then cleared). */
export function pendingPlan(storage: Store | undefined, now: number): PaidPlan | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const { plan, at } = JSON.parse(raw) as { plan?: unknown; at?: unknown };
    if (isPaidPlan(plan) && typeof at === 'number' && now - at >= 0 && now - at < PENDING_PLAN_MAX_AGE_MS)
      return plan;
  } catch {
    // Unreadable: forgotten below.
  }
  forgetPlan(storage);
  return null;
}

export function forgetPlan(storage: Store | undefined): void {
  try {
    storage?.removeItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}
