/**
 * Stripe (docs/decisions/026): Checkout for subscribing, the Billing customer portal for managing, and
 * signed webhook events plus a subscription read on status checks to keep the account's row in step.
 *
 * Each account has one Stripe customer, created before its first checkout and stored on its row, so
 * every checkout, portal and status read is about that customer, and a purchase is found on the next
 * status check even if its webhook never arrives. An account has at most one open checkout session: a
 * new one expires the last, so two tabs cannot both be paid.
 */
import { Stripe } from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { PaidPlan } from '@vitrine/shared/api/billing';
import type { PaymentsConfig } from './payments-config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from './provider';
import { userExists } from '../auth/repository';
import {
  cancelOpenStripeCheckouts,
  completeCheckout,
  insertCheckout,
  readSubscription,
  replaceCustomer,
  saveCustomer,
  userIdOfCustomer,
  writeSubscription,
  type SubscriptionState,
} from './repository';

type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

/** Statuses that give the plan: a renewal Stripe is still trying to charge (past_due) does not. */
const KEEPS_PLAN = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
/** Subscriptions that still stand: a new checkout would be a second one (past_due: pay it instead). */
const STANDING = new Set<Stripe.Subscription.Status>([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
]);
/** Stripe's shortest checkout session. */
const CHECKOUT_TTL_SECONDS = 30 * 60;
/** A status check reads Stripe at most this often per account; webhooks carry changes in between. */
export const SYNC_INTERVAL_MS = 60_000;
/** The status check's read of Stripe: short, and not retried, so a slow Stripe does not hold the page. */
const SYNC_REQUEST = { timeout: 5000, maxNetworkRetries: 0 } as const;

export function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A customer id of Stripe's (not the local test mode's `cus_local_…`). */
const isStripeCustomer = (id: string | null | undefined): id is string =>
  Boolean(id?.startsWith('cus_') && !id.startsWith('cus_local_'));

/** What a Stripe subscription means for the account: its plan (by price), period end and cancellation. */
export function stateOfSubscription(
  subscription: Stripe.Subscription,
  prices: StripeConfig['prices'],
): SubscriptionState {
  const item = subscription.items.data[0];
  const price = item?.price.id;
  const tier: PaidPlan | 'other' =
    price === prices.starter ? 'starter' : price === prices.pro ? 'pro' : 'other';
  const periodEnd = item?.current_period_end ?? null;
  const cancelAt = subscription.cancel_at;
  // A cancellation set for a date ends the plan then, if that comes before the period's end.
  const end = cancelAt !== null && (periodEnd === null || cancelAt < periodEnd) ? cancelAt : periodEnd;
  return {
    active: KEEPS_PLAN.has(subscription.status),
    tier,
    periodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
    customerId: idOf(subscription.customer)!,
    subscriptionId: subscription.id,
  };
}

const byAge = (a: Stripe.Subscription, b: Stripe.Subscription) => a.created - b.created;

/** The account named by our own checkout (its metadata and client_reference_id), if it still exists. */
async function existingUser(database: Database, userId: string | null | undefined) {
  if (!userId) return undefined;
  return (await userExists(database, userId)) ? userId : undefined;
}

const isMissingCustomer = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === 'resource_missing' &&
  error.param === 'customer';

export function createStripeProvider(
  config: StripeConfig,
  database: Database,
  publicUrl: string,
  log: FastifyBaseLogger,
  stripe = stripeClient(config),
): PaymentProvider & { handleEvent(event: Stripe.Event): Promise<void>; stripe: Stripe } {
  const lastSync = new Map<string, number>();
  /** One checkout at a time per account in this process: two clicks cannot both open a session. */
  const checkouts = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const previous = checkouts.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(work);
    checkouts.set(userId, next);
    void next
      .finally(() => {
        if (checkouts.get(userId) === next) checkouts.delete(userId);
      })
      .catch(() => {});
    return next;
  };

  /**
   * Records the customer's subscription as Stripe has it now: the live one (the oldest, should a second
   * have been paid, which is then cancelled), else the newest.
   */
  async function syncCustomer(customerId: string, userId: string, request?: Stripe.RequestOptions) {
    const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 }, request);
    const live = list.data.filter((s) => KEEPS_PLAN.has(s.status)).sort(byAge);
    for (const extra of live.slice(1)) {
      // Paid twice (two sessions completed at once): one plan is kept, the later one stopped at once;
      // its first payment is for the operator to refund.
      await stripe.subscriptions.cancel(extra.id);
      log.error(
        { customer: customerId, cancelled: extra.id, kept: live[0]!.id },
        'stripe: second subscription for one account cancelled; refund its first payment',
      );
    }
    const current = live[0] ?? [...list.data].sort(byAge).at(-1);
    if (!current) return;
    await writeSubscription(database, userId, stateOfSubscription(current, config.prices));
  }

  /** The account's Stripe customer, created (and stored) the first time it is needed. */
  async function customerOf(userId: string, email: string, fresh = false): Promise<string> {
    const row = await readSubscription(database, userId);
    if (!fresh && isStripeCustomer(row?.billingCustomerId)) return row.billingCustomerId;
    const customer = await stripe.customers.create(
      { email, metadata: { userId } },
      { idempotencyKey: `customer-${userId}-${fresh ? Date.now() : 'first'}` },
    );
    await saveCustomer(database, userId, customer.id);
    return customer.id;
  }

  /** Expires the account's open checkout sessions: only the newest can be paid. */
  async function expireOpenSessions(userId: string) {
    for (const id of await cancelOpenStripeCheckouts(database, userId)) {
      await stripe.checkout.sessions.expire(id).catch((error: unknown) => {
        // Already completed or expired: nothing left to close.
        log.info({ err: error, session: id }, 'stripe: earlier checkout session not expired');
      });
    }
  }

  return {
    kind: 'stripe',
    stripe,
    checkout({ userId, email, plan, lang }) {
      return oneAtATime(userId, async () => {
        await expireOpenSessions(userId);
        let customer = await customerOf(userId, email);
        // The stored row may be behind Stripe (a payment whose webhook has not come yet, a renewal
        // being retried): Stripe's own list decides whether this would be a second subscription.
        let standing: Stripe.Subscription[];
        try {
          standing = (await stripe.subscriptions.list({ customer, status: 'all', limit: 10 })).data;
        } catch (error) {
          // A customer deleted in Stripe, or one of another Stripe account (test keys then live keys).
          if (!isMissingCustomer(error)) throw error;
          customer = await customerOf(userId, email, true);
          standing = [];
        }
        if (standing.some((s) => STANDING.has(s.status))) throw new AppError('ALREADY_SUBSCRIBED');
        const create = async (id: string) =>
          stripe.checkout.sessions.create({
            mode: 'subscription',
            line_items: [{ price: config.prices[plan], quantity: 1 }],
            client_reference_id: userId,
            customer: id,
            metadata: { userId, plan },
            subscription_data: { metadata: { userId, plan } },
            locale: lang,
            expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_TTL_SECONDS,
            success_url: `${publicUrl}/dashboard/account?checkout=success`,
            cancel_url: `${publicUrl}/#pricing`,
          });
        let session: Stripe.Checkout.Session;
        try {
          session = await create(customer);
        } catch (error) {
          // A customer deleted in Stripe, or one of another Stripe account (test keys then live keys).
          if (!isMissingCustomer(error)) throw error;
          session = await create(await customerOf(userId, email, true));
        }
        if (!session.url) throw new Error('Stripe returned a checkout session without a url');
        await insertCheckout(database, {
          id: session.id,
          userId,
          plan,
          lang,
          expiresAt: new Date(session.expires_at * 1000),
        });
        return session.url;
      });
    },
    async portal({ customerId, hasSubscription, lang }) {
      // A customer who never subscribed has nothing to manage there.
      if (!isStripeCustomer(customerId) || !hasSubscription) return null;
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${publicUrl}/dashboard/account`,
        locale: lang,
      });
      return session.url;
    },
    async refresh(userId, row) {
      const customerId = row?.billingCustomerId;
      if (!isStripeCustomer(customerId)) return;
      if (Date.now() - (lastSync.get(userId) ?? 0) < SYNC_INTERVAL_MS) return;
      lastSync.set(userId, Date.now());
      try {
        await syncCustomer(customerId, userId, SYNC_REQUEST);
      } catch (error) {
        // The stored row stays what the last event said; the status check still answers.
        log.warn({ err: error }, 'stripe: subscription read failed; the stored subscription is used');
      }
    },
    async handleEvent(event) {
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const customerId = idOf(session.customer);
          const subscriptionId = idOf(session.subscription);
          if (session.mode !== 'subscription' || !customerId || !subscriptionId) return;
          // Only our own checkouts: the account they name (twice) must exist.
          const userId =
            session.metadata?.userId === session.client_reference_id
              ? await existingUser(database, session.client_reference_id)
              : undefined;
          if (!userId) {
            log.warn({ event: event.id }, 'stripe: completed checkout for no account of ours');
            return;
          }
          await completeCheckout(database, session.id);
          const row = await readSubscription(database, userId);
          if (row?.billingCustomerId !== customerId) await replaceCustomer(database, userId, customerId);
          await syncCustomer(customerId, userId);
          return;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const customerId = idOf(event.data.object.customer);
          if (!customerId) return;
          const userId = await userIdOfCustomer(database, customerId);
          if (!userId) {
            log.warn({ event: event.id }, 'stripe: subscription event for a customer no account has');
            return;
          }
          // Events may arrive out of order: the customer's subscriptions as they are now decide.
          await syncCustomer(customerId, userId);
          return;
        }
        default:
          return;
      }
    },
  };
}
