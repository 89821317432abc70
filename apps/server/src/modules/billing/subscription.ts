/**
 * The stored subscription of an account: the user_subscription_info row that the allowance counts from
 * (generations/credits.ts). Only the payment provider's answers write it: the local test-mode checkout,
 * or Stripe's signed events and subscription reads.
 */
import type { PaidPlan, SubscriptionStatus } from '@vitrine/shared/api/billing';
import { addMonths } from '../../lib/months';
import type { SubscriptionRow } from './repository';

function tierOf(value: string | null): PaidPlan | 'other' {
  const tier = value?.toLowerCase();
  return tier === 'starter' || tier === 'pro' ? tier : 'other';
}

type PlanColumns = Pick<SubscriptionRow, 'hasSubscription' | 'subscriptionTier' | 'subscriptionEnd'>;

/**
 * The paid plan a row gives now: an active subscription whose period has not ended (spec section 9:
 * the tier compared in lower case with starter or pro, any other one 'other'). Null for a free account.
 */
export function currentPlan(
  row: PlanColumns | undefined,
  now = new Date(),
): { tier: PaidPlan | 'other'; end: Date } | null {
  const end = row?.subscriptionEnd ? new Date(row.subscriptionEnd) : null;
  if (!row?.hasSubscription || !end || end <= now) return null;
  return { tier: tierOf(row.subscriptionTier), end };
}

export function statusOf(row: SubscriptionRow | undefined, now = new Date()): SubscriptionStatus {
  const plan = currentPlan(row, now);
  if (!plan) return { subscribed: false, tier: null, periodEnd: null, cancelAtPeriodEnd: false };
  return {
    subscribed: true,
    tier: plan.tier,
    periodEnd: plan.end.toISOString(),
    cancelAtPeriodEnd: Boolean(row?.cancelAtPeriodEnd),
  };
}

/** One month after `from`, by the calendar, as the billing cycle counts back from subscription_end. */
export const oneMonthAfter = (from: Date): Date => addMonths(from, 1);
