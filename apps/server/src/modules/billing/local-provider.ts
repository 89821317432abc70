/**
 * The local test-mode payments (docs/decisions/026): what `npm start` uses when no Stripe account is
 * configured. The checkout and the customer portal are pages of this server (local-routes.ts); paying
 * is one button, and nothing is charged. The subscription it writes is the same row Stripe's events
 * write, so every screen and every allowance rule works as it will with real payments.
 */
import { randomBytes } from 'node:crypto';
import type { PaidPlan } from '@vitrine/shared/api/billing';
import { AppError } from '../../http/app-error';
import type { Database, Queryable } from '../../db/client';
import type { PaymentProvider } from './provider';
import * as billing from './repository';
import type { Checkout, SubscriptionRow } from './repository';
import { oneMonthAfter, statusOf } from './subscription';

/** An unpaid checkout page stays usable this long, like a hosted checkout session. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export type { Checkout };

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
        await billing.deleteUnpaidCheckouts(tx, userId);
        await billing.insertCheckout(tx, {
          id,
          userId,
          plan,
          lang,
          expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
        });
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
  if (!row?.hasSubscription || !row.subscriptionEnd) return;
  if (!row.billingCustomerId?.startsWith('cus_local_')) return;
  let end = new Date(row.subscriptionEnd);
  if (end > now) return;
  if (row.cancelAtPeriodEnd) {
    await billing.endSubscription(db, userId);
    return;
  }
  while (end <= now) end = oneMonthAfter(end);
  await billing.extendSubscription(db, userId, end);
}

/** The checkout if it exists and is this user's: another user's id is as unknown as a made-up one. */
export async function findCheckout(db: Queryable, id: string, userId: string, lock = false) {
  if (!CHECKOUT_ID.test(id)) return undefined;
  return billing.findCheckout(db, id, userId, { lock });
}

export const isExpired = (checkout: Checkout, now = new Date()) => new Date(checkout.expiresAt) <= now;

/** Pays an open checkout: the subscription starts now for one month. */
export async function payCheckout(database: Database, id: string, userId: string): Promise<void> {
  await database.transaction(async (tx) => {
    const checkout = await findCheckout(tx, id, userId, true);
    if (!checkout) throw new AppError('NOT_FOUND');
    if (checkout.status !== 'open' || isExpired(checkout)) throw new AppError('CHECKOUT_CLOSED');
    if (statusOf(await billing.readSubscription(tx, userId)).subscribed)
      throw new AppError('ALREADY_SUBSCRIBED');
    const now = new Date();
    await billing.writeSubscription(tx, userId, {
      active: true,
      tier: checkout.plan,
      periodEnd: oneMonthAfter(now),
      cancelAtPeriodEnd: false,
      customerId: localCustomerId(userId),
      subscriptionId: `sub_local_${checkout.id.slice(3)}`,
    });
    await billing.completeCheckout(tx, checkout.id);
  });
}

export async function cancelCheckout(database: Database, id: string, userId: string): Promise<void> {
  await billing.cancelCheckout(database, id, userId);
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
    const row = await billing.readSubscription(tx, userId, { lock: true });
    if (!statusOf(row).subscribed) throw new AppError('NO_SUBSCRIPTION');
    if (change.action === 'switch') await billing.setTier(tx, userId, change.plan);
    else await billing.setCancelAtPeriodEnd(tx, userId, change.action === 'cancel');
  });
}
