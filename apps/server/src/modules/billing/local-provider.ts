/**
 * The local test-mode payments (docs/decisions/026): what `npm start` uses when no Stripe account is
 * configured. The checkout and the customer portal are pages of this server (local-routes.ts); paying
 * is one button, and nothing is charged. The subscription it writes is the same row Stripe's events
 * write, so every screen and every allowance rule works as it will with real payments.
 */
import { randomBytes } from 'node:crypto';
import type { PaidPlan } from '@vitrine/shared/api/billing';
import type { Lang } from '@vitrine/shared/locale';
import { AppError } from '../../http/app-error';
import type { Database, Queryable } from '../../db/client';
import type { CHECKOUT_STATUSES } from '../../db/schema';
import type { PaymentProvider } from './provider';
import {
  oneMonthAfter,
  readSubscription,
  statusOf,
  writeSubscription,
  type SubscriptionRow,
} from './subscription';

/** An unpaid checkout page stays usable this long, like a hosted checkout session. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export type Checkout = {
  id: string;
  user_id: string;
  plan: PaidPlan;
  status: (typeof CHECKOUT_STATUSES)[number];
  lang: Lang;
  expires_at: Date | string;
};

export const localCustomerId = (userId: string) => `cus_local_${userId}`;

/** Checkout ids are in the page's address: 24 random bytes, never guessable. */
const CHECKOUT_ID = /^co_[A-Za-z0-9_-]{32}$/;

export function createLocalProvider(database: Database, publicUrl: string): PaymentProvider {
  return {
    kind: 'local',
    async checkout({ userId, plan, lang }) {
      const id = `co_${randomBytes(24).toString('base64url')}`;
      await database.transaction(async (tx) => {
        // One open checkout per account: a new one replaces the last, so abandoned pages do not pile up.
        await tx.query(
          `delete from billing_checkouts where user_id = $1 and (status <> 'complete' or expires_at < now())`,
          [userId],
        );
        await tx.query(
          `insert into billing_checkouts (id, user_id, plan, lang, expires_at) values ($1, $2, $3, $4, $5)`,
          [id, userId, plan, lang, new Date(Date.now() + CHECKOUT_TTL_MS).toISOString()],
        );
      });
      return `${publicUrl}/billing/checkout/${id}`;
    },
    // As with Stripe, the portal is for an account that has had a subscription: before that there is
    // nothing to manage, and the plans are where to go.
    async portal({ hasSubscription, lang }) {
      if (!hasSubscription) return null;
      return `${publicUrl}/billing/portal?lang=${lang}`;
    },
    async refresh(userId, row) {
      await renewIfDue(database, userId, row);
    },
  };
}

/**
 * A test-mode subscription renews itself at the end of each period, as a paid card would, until it is
 * cancelled; a cancelled one ends there.
 */
async function renewIfDue(db: Queryable, userId: string, row: SubscriptionRow | undefined, now = new Date()) {
  if (!row?.has_subscription || !row.subscription_end) return;
  if (!row.billing_customer_id?.startsWith('cus_local_')) return;
  let end = new Date(row.subscription_end);
  if (end > now) return;
  if (row.cancel_at_period_end) {
    await db.query(
      `update user_subscription_info set has_subscription = false, cancel_at_period_end = false,
         updated_at = now() where user_id = $1`,
      [userId],
    );
    return;
  }
  while (end <= now) end = oneMonthAfter(end);
  await db.query(
    `update user_subscription_info set subscription_end = $2, updated_at = now() where user_id = $1`,
    [userId, end.toISOString()],
  );
}

/** The checkout if it exists and is this user's: another user's id is as unknown as a made-up one. */
export async function findCheckout(db: Queryable, id: string, userId: string, lock = false) {
  if (!CHECKOUT_ID.test(id)) return undefined;
  const [row] = await db.query<Checkout>(
    `select id, user_id, plan, status, lang, expires_at from billing_checkouts
     where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, userId],
  );
  return row;
}

export const isExpired = (checkout: Checkout, now = new Date()) => new Date(checkout.expires_at) <= now;

/** Pays an open checkout: the subscription starts now for one month. */
export async function payCheckout(database: Database, id: string, userId: string): Promise<void> {
  await database.transaction(async (tx) => {
    const checkout = await findCheckout(tx, id, userId, true);
    if (!checkout) throw new AppError('NOT_FOUND');
    if (checkout.status !== 'open' || isExpired(checkout)) throw new AppError('CHECKOUT_CLOSED');
    if (statusOf(await readSubscription(tx, userId)).subscribed) throw new AppError('ALREADY_SUBSCRIBED');
    const now = new Date();
    await writeSubscription(tx, userId, {
      active: true,
      tier: checkout.plan,
      periodEnd: oneMonthAfter(now),
      cancelAtPeriodEnd: false,
      customerId: localCustomerId(userId),
      subscriptionId: `sub_local_${checkout.id.slice(3)}`,
    });
    await tx.query(`update billing_checkouts set status = 'complete', completed_at = now() where id = $1`, [
      checkout.id,
    ]);
  });
}

export async function cancelCheckout(database: Database, id: string, userId: string): Promise<void> {
  await database.query(
    `update billing_checkouts set status = 'cancelled' where id = $1 and user_id = $2 and status = 'open'`,
    [id, userId],
  );
}

export type PortalAction = { action: 'switch'; plan: PaidPlan } | { action: 'cancel' } | { action: 'resume' };

/**
 * What the test-mode portal changes: the plan (from now on, same period), or whether the subscription
 * stops at the end of the period. Only a current subscription can be changed.
 */
export async function applyPortalAction(
  database: Database,
  userId: string,
  change: PortalAction,
): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(
      `select has_subscription, subscription_tier, subscription_end, cancel_at_period_end,
              billing_customer_id, billing_subscription_id
       from user_subscription_info where user_id = $1 for update`,
      [userId],
    );
    if (!statusOf(row).subscribed) throw new AppError('NO_SUBSCRIPTION');
    const set =
      change.action === 'switch'
        ? { sql: 'subscription_tier = $2', value: change.plan }
        : { sql: 'cancel_at_period_end = $2', value: change.action === 'cancel' };
    await tx.query(`update user_subscription_info set ${set.sql}, updated_at = now() where user_id = $1`, [
      userId,
      set.value,
    ]);
  });
}
