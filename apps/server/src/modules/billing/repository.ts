/**
 * Every statement on user_subscription_info (an account's allowance and subscription) and
 * billing_checkouts (the local test-mode checkout's sessions). Rows come back in the schema's own
 * types (db/schema.ts); the rules that read them live in subscription.ts and generations/credits.ts.
 */
import type { PaidPlan } from '@vitrine/shared/api/billing';
import type { Queryable } from '../../db/client';
import type { billingCheckouts, userSubscriptionInfo } from '../../db/schema';

type SubscriptionInfo = typeof userSubscriptionInfo.$inferSelect;

/** What the allowance is counted from. */
export type AllowanceRow = Pick<
  SubscriptionInfo,
  'freeGenerationsUsed' | 'hasSubscription' | 'subscriptionTier' | 'subscriptionEnd'
>;

const ALLOWANCE = `free_generations_used as "freeGenerationsUsed", has_subscription as "hasSubscription",
  subscription_tier as "subscriptionTier", subscription_end as "subscriptionEnd"`;

/** The user's allowance row; `lock` holds it until the transaction ends, so starts are serialised. */
export async function readAllowance(
  db: Queryable,
  userId: string,
  { lock = false } = {},
): Promise<AllowanceRow | undefined> {
  const [info] = await db.query<AllowanceRow>(
    `select ${ALLOWANCE} from user_subscription_info where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return info;
}

/** Creates the user's row on first use (every counter at its default). */
export async function ensureAllowanceRow(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `insert into user_subscription_info (user_id) values ($1) on conflict (user_id) do nothing`,
    [userId],
  );
}

/** Takes one free generation, unless `limit` are used already; false when none is left. */
export async function takeFreeCredit(tx: Queryable, userId: string, limit: number): Promise<boolean> {
  const rows = await tx.query(
    `update user_subscription_info
     set free_generations_used = free_generations_used + 1, updated_at = now()
     where user_id = $1 and free_generations_used < $2
     returning free_generations_used`,
    [userId, limit],
  );
  return rows.length > 0;
}

/** Gives back `count` free generations (never below zero). */
export async function giveBackFreeCredits(tx: Queryable, userId: string, count: number): Promise<void> {
  await tx.query(
    `update user_subscription_info
     set free_generations_used = greatest(0, free_generations_used - $2), updated_at = now()
     where user_id = $1`,
    [userId, count],
  );
}

/** The subscription as the payment provider last said it. */
export type SubscriptionRow = Pick<
  SubscriptionInfo,
  | 'hasSubscription'
  | 'subscriptionTier'
  | 'subscriptionEnd'
  | 'cancelAtPeriodEnd'
  | 'billingCustomerId'
  | 'billingSubscriptionId'
>;

const SUBSCRIPTION = `has_subscription as "hasSubscription", subscription_tier as "subscriptionTier",
  subscription_end as "subscriptionEnd", cancel_at_period_end as "cancelAtPeriodEnd",
  billing_customer_id as "billingCustomerId", billing_subscription_id as "billingSubscriptionId"`;

/** The user's subscription; `lock` holds the row until the transaction ends. */
export async function readSubscription(
  db: Queryable,
  userId: string,
  { lock = false } = {},
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `select ${SUBSCRIPTION} from user_subscription_info where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return row;
}

/** What a provider says a subscription is now. */
export type SubscriptionState = {
  active: boolean;
  tier: PaidPlan | 'other' | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  customerId: string;
  subscriptionId: string | null;
};

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

/** Changes the plan of the current subscription (from now on, same period). */
export async function setTier(db: Queryable, userId: string, tier: string): Promise<void> {
  await db.query(
    `update user_subscription_info set subscription_tier = $2, updated_at = now() where user_id = $1`,
    [userId, tier],
  );
}

/** Whether the subscription stops at the end of its period. */
export async function setCancelAtPeriodEnd(db: Queryable, userId: string, cancel: boolean): Promise<void> {
  await db.query(
    `update user_subscription_info set cancel_at_period_end = $2, updated_at = now() where user_id = $1`,
    [userId, cancel],
  );
}

/** A cancelled subscription whose period is over: no subscription any more. */
export async function endSubscription(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update user_subscription_info set has_subscription = false, cancel_at_period_end = false,
       updated_at = now() where user_id = $1`,
    [userId],
  );
}

/** A renewed subscription: its period now ends at `end`. */
export async function extendSubscription(db: Queryable, userId: string, end: Date): Promise<void> {
  await db.query(
    `update user_subscription_info set subscription_end = $2, updated_at = now() where user_id = $1`,
    [userId, end.toISOString()],
  );
}

/** Stores the account's payment customer, creating the row if it has none yet. */
export async function saveCustomer(db: Queryable, userId: string, customerId: string): Promise<void> {
  await db.query(
    `insert into user_subscription_info (user_id, billing_customer_id) values ($1, $2)
     on conflict (user_id) do update set billing_customer_id = excluded.billing_customer_id,
       updated_at = now()`,
    [userId, customerId],
  );
}

/** Replaces the customer of an existing row (a checkout paid with another customer). */
export async function replaceCustomer(db: Queryable, userId: string, customerId: string): Promise<void> {
  await db.query(`update user_subscription_info set billing_customer_id = $2 where user_id = $1`, [
    userId,
    customerId,
  ]);
}

export async function userIdOfCustomer(db: Queryable, customerId: string): Promise<string | undefined> {
  const [row] = await db.query<{ userId: string }>(
    `select user_id as "userId" from user_subscription_info where billing_customer_id = $1`,
    [customerId],
  );
  return row?.userId;
}

// Checkouts.

export type Checkout = Pick<
  typeof billingCheckouts.$inferSelect,
  'id' | 'userId' | 'plan' | 'status' | 'lang' | 'expiresAt'
>;

/** Records a checkout session, open until `expiresAt`. */
export async function insertCheckout(
  db: Queryable,
  checkout: Pick<Checkout, 'id' | 'userId' | 'plan' | 'lang'> & { expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into billing_checkouts (id, user_id, plan, lang, expires_at) values ($1, $2, $3, $4, $5)`,
    [checkout.id, checkout.userId, checkout.plan, checkout.lang, checkout.expiresAt.toISOString()],
  );
}

/** Deletes the account's checkouts that are not paid, or whose page has expired. */
export async function deleteUnpaidCheckouts(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `delete from billing_checkouts where user_id = $1 and (status <> 'complete' or expires_at < now())`,
    [userId],
  );
}

/** The user's checkout; `lock` holds it until the transaction ends. */
export async function findCheckout(
  db: Queryable,
  id: string,
  userId: string,
  { lock = false } = {},
): Promise<Checkout | undefined> {
  const [row] = await db.query<Checkout>(
    `select id, user_id as "userId", plan, status, lang, expires_at as "expiresAt" from billing_checkouts
     where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, userId],
  );
  return row;
}

export async function completeCheckout(db: Queryable, id: string): Promise<void> {
  await db.query(`update billing_checkouts set status = 'complete', completed_at = now() where id = $1`, [
    id,
  ]);
}

/** Cancels the user's checkout if it is still open. */
export async function cancelCheckout(db: Queryable, id: string, userId: string): Promise<void> {
  await db.query(
    `update billing_checkouts set status = 'cancelled' where id = $1 and user_id = $2 and status = 'open'`,
    [id, userId],
  );
}

/** Cancels the account's open Stripe checkout sessions; answers their ids. */
export async function cancelOpenStripeCheckouts(db: Queryable, userId: string): Promise<string[]> {
  const open = await db.query<{ id: string }>(
    `update billing_checkouts set status = 'cancelled'
     where user_id = $1 and status = 'open' and id like 'cs_%' returning id`,
    [userId],
  );
  return open.map((row) => row.id);
}
