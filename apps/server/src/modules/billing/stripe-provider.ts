/**
 * Stripe (docs/decisions/026): Checkout for subscribing, the Billing customer portal for managing, and
 * signed webhook events plus a subscription read on each status check to keep the account's row in step.
 * The account is tied to its Stripe customer by the checkout's client_reference_id, and from then on by
 * the customer id stored on the row.
 */
import { Stripe } from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { PaidPlan } from '@vitrine/shared/api/billing';
import type { Lang } from '@vitrine/shared/locale';
import type { PaymentsConfig } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './provider';
import { userIdOfCustomer, writeSubscription, type SubscriptionState } from './subscription';

type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

/** Statuses in which the customer keeps the plan: Stripe retries a failed renewal while past_due. */
const KEEPS_PLAN = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);

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

/** What a Stripe subscription means for the account: its plan (by price), period end and cancellation. */
export function stateOfSubscription(
  subscription: Stripe.Subscription,
  prices: StripeConfig['prices'],
): SubscriptionState {
  const item = subscription.items.data[0];
  const price = item?.price.id;
  const tier: PaidPlan | 'other' =
    price === prices.starter ? 'starter' : price === prices.pro ? 'pro' : 'other';
  const periodEnd = item?.current_period_end ?? subscription.cancel_at ?? null;
  return {
    active: KEEPS_PLAN.has(subscription.status),
    tier,
    periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    customerId: idOf(subscription.customer)!,
    subscriptionId: subscription.id,
  };
}

/** The account named by a subscription's metadata (set by our checkout), if it still exists. */
async function existingUser(database: Database, userId: string | undefined) {
  if (!userId) return undefined;
  const [row] = await database.query<{ id: string }>(`select id from users where id = $1`, [userId]);
  return row?.id;
}

/** Of a customer's subscriptions, the one that decides the plan: a live one first, else the newest. */
function currentOf(subscriptions: Stripe.Subscription[]): Stripe.Subscription | undefined {
  const live = subscriptions.filter((s) => KEEPS_PLAN.has(s.status));
  const pool = live.length > 0 ? live : subscriptions;
  return [...pool].sort((a, b) => b.created - a.created)[0];
}

export function createStripeProvider(
  config: StripeConfig,
  database: Database,
  publicUrl: string,
  log: FastifyBaseLogger,
  stripe = stripeClient(config),
): PaymentProvider & { handleEvent(event: Stripe.Event): Promise<void>; stripe: Stripe } {
  const locale = (lang: Lang): Stripe.Checkout.SessionCreateParams.Locale => lang;

  async function syncCustomer(customerId: string, userId: string) {
    const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
    const current = currentOf(list.data);
    if (!current) return;
    await writeSubscription(database, userId, stateOfSubscription(current, config.prices));
  }

  return {
    kind: 'stripe',
    stripe,
    async checkout({ userId, email, plan, lang, customerId }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.prices[plan], quantity: 1 }],
        client_reference_id: userId,
        ...(customerId ? { customer: customerId } : { customer_email: email }),
        metadata: { userId, plan },
        subscription_data: { metadata: { userId, plan } },
        locale: locale(lang),
        success_url: `${publicUrl}/dashboard/account?checkout=success`,
        cancel_url: `${publicUrl}/#pricing`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return session.url;
    },
    async portal({ customerId, lang }) {
      if (!customerId) return null;
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${publicUrl}/dashboard/account`,
        locale: lang,
      });
      return session.url;
    },
    async refresh(userId, row) {
      if (!row?.billing_customer_id) return;
      try {
        await syncCustomer(row.billing_customer_id, userId);
      } catch (error) {
        // The stored row stays what the last event said; the status check still answers.
        log.warn({ err: error }, 'stripe: subscription read failed; the stored subscription is used');
      }
    },
    async handleEvent(event) {
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const userId = session.client_reference_id;
          const customerId = idOf(session.customer);
          const subscriptionId = idOf(session.subscription);
          if (session.mode !== 'subscription' || !userId || !customerId || !subscriptionId) return;
          const subscription = await stripe.subscriptions.retrieve(subscriptionId);
          await writeSubscription(database, userId, stateOfSubscription(subscription, config.prices));
          return;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const customerId = idOf(event.data.object.customer);
          if (!customerId) return;
          const userId =
            (await userIdOfCustomer(database, customerId)) ??
            (await existingUser(database, event.data.object.metadata?.userId));
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
