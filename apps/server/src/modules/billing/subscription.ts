/**
 * The stored subscription of an account: the user_subscription_info row that the allowance counts from
 * (generations/credits.ts). Only the payment provider's answers write it: the local test-mode checkout,
 * or Stripe's signed events and subscription reads.
 */
import type { PaidPlan, SubscriptionStatus } from '@vitrine/shared/api/billing';
import type { Queryable } from '../../db/client';
import { addMonths } from '../../lib/months';

export type SubscriptionRow = {
  has_subscription: boolean;
  subscription_tier: string | null;
  subscription_end: Date | string | null;
  cancel_at_period_end: boolean;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
};

/** What a provider says a subscription is now. */
export type SubscriptionState = {
  active: boolean;
  tier: PaidPlan | 'other' | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  customerId: string;
  subscriptionId: string | null;
};

export async function readSubscription(db: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `select has_subscription, subscription_tier, subscription_end, cancel_at_period_end,
            billing_customer_id, billing_subscription_id
     from user_subscription_info where user_id = $1`,
    [userId],
  );
  return row;
}

function tierOf(value: string | null): PaidPlan | 'other' {
  const tier = value?.toLowerCase();
  return tier === 'starter' || tier === 'pro' ? tier : 'other';
}

type PlanColumns = Pick<SubscriptionRow, 'has_subscription' | 'subscription_tier' | 'subscription_end'>;

/**
 * The paid plan a row gives now: an active subscription whose period has not ended (spec section 9:
 * the tier compared in lower case with starter or pro, any other one 'other'). Null for a free account.
 */
export function currentPlan(
  row: PlanColumns | undefined,
  now = new Date(),
): { tier: PaidPlan | 'other'; end: Date } | null {
  const end = row?.subscription_end ? new Date(row.subscription_end) : null;
  if (!row?.has_subscription || !end || end <= now) return null;
  return { tier: tierOf(row.subscription_tier), end };
}

export function statusOf(row: SubscriptionRow | undefined, now = new Date()): SubscriptionStatus {
  const plan = currentPlan(row, now);
  if (!plan) return { subscribed: false, tier: null, periodEnd: null, cancelAtPeriodEnd: false };
  return {
    subscribed: true,
    tier: plan.tier,
    periodEnd: plan.end.toISOString(),
    cancelAtPeriodEnd: Boolean(row?.cancel_at_period_end),
  };
}

/** Records what the provider says, creating the account's row if it has none yet. */
export async function writeSubscription(
  db: Queryable,
  userId: string,
  state: SubscriptionState,
): Promise<void> {
  await db.query(
    `insert into user_subscription_info
       (user_id, has_subscription, subscription_tier, subscription_end, cancel_at_period_end,
        billing_customer_id, billing_subscription_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (user_id) do update set
       has_subscription = excluded.has_subscription,
       subscription_tier = excluded.subscription_tier,
       subscription_end = excluded.subscription_end,
       cancel_at_period_end = excluded.cancel_at_period_end,
       billing_customer_id = excluded.billing_customer_id,
       billing_subscription_id = excluded.billing_subscription_id,
       updated_at = now()`,
    [
      userId,
      state.active,
      state.tier,
      state.periodEnd?.toISOString() ?? null,
      state.cancelAtPeriodEnd,
      state.customerId,
      state.subscriptionId,
    ],
  );
}

export async function userIdOfCustomer(db: Queryable, customerId: string): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `select user_id from user_subscription_info where billing_customer_id = $1`,
    [customerId],
  );
  return row?.user_id;
}

/** One month after `from`, by the calendar, as the billing cycle counts back from subscription_end. */
export const oneMonthAfter = (from: Date): Date => addMonths(from, 1);
