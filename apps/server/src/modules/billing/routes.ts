/**
 * The billing API (spec sections 6 and 7, docs/decisions/026):
 * - POST /api/billing/checkout {plan}: the payment page for a plan, for a signed-in account with no
 *   current subscription (a subscriber changes plan in the portal);
 * - POST /api/billing/portal: the customer portal;
 * - GET  /api/billing/subscription: the subscription, brought up to date with the provider first;
 * - POST /api/billing/webhook: Stripe's signed events (only when Stripe is configured).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Stripe } from 'stripe';
import { checkoutInput, type BillingUrl, type SubscriptionStatus } from '@vitrine/shared/api/billing';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseInput } from '../../http/validate';
import { requireUser } from '../auth/session';
import { hit, scaled } from '../rate-limit/limiter';
import { BILLING_SESSION_LIMIT } from '../rate-limit/usage-limits';
import type { PaymentProvider } from './provider';
import { readSubscription } from './repository';
import { statusOf } from './subscription';

/** Stripe's events are a few kilobytes; a checkout session with its line items stays far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export function billingRoutes(provider: PaymentProvider): FastifyPluginAsync {
  return async (app) => {
    const { database, config } = app.deps;
    const limit = (userId: string) =>
      hit(
        database,
        `billing-session:user:${userId}`,
        scaled(BILLING_SESSION_LIMIT, config.auth.rateLimitMultiplier),
        'billing.tooManyRequests',
      );

    app.post('/billing/checkout', async (request, reply): Promise<BillingUrl> => {
      const { user } = await requireUser(request, reply, { messageKey: 'billing.signInToSubscribe' });
      const { plan } = parseInput(checkoutInput, request.body);
      await limit(user.id);
      const row = await readSubscription(database, user.id);
      if (statusOf(row).subscribed) throw new AppError('ALREADY_SUBSCRIBED');
      try {
        const url = await provider.checkout({
          userId: user.id,
          email: user.email,
          plan,
          lang: requestLang(request),
        });
        return { url };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, provider: provider.kind }, 'billing: checkout failed');
        throw new AppError('CHECKOUT_FAILED', { cause: error });
      }
    });

    app.post('/billing/portal', async (request, reply): Promise<BillingUrl> => {
      const { user } = await requireUser(request, reply, { messageKey: 'billing.signInToManage' });
      await limit(user.id);
      const row = await readSubscription(database, user.id);
      let url: string | null;
      try {
        url = await provider.portal({
          customerId: row?.billingCustomerId ?? null,
          hasSubscription: Boolean(row?.billingSubscriptionId),
          lang: requestLang(request),
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, provider: provider.kind }, 'billing: portal failed');
        throw new AppError('PORTAL_FAILED', { cause: error });
      }
      if (!url) throw new AppError('NO_SUBSCRIPTION');
      return { url };
    });

    app.get('/billing/subscription', async (request, reply): Promise<SubscriptionStatus> => {
      const { user } = await requireUser(request, reply, { messageKey: 'billing.signInToManage' });
      reply.header('cache-control', 'no-store');
      await provider.refresh(user.id, await readSubscription(database, user.id));
      return statusOf(await readSubscription(database, user.id));
    });
  };
}

/**
 * Stripe's webhook: the Stripe-Signature header over the raw body is the authentication (no session,
 * exempt from the origin check). 400 for a bad signature; 200 once handled, ignored events included.
 */
export function stripeWebhookRoutes(
  stripe: Stripe,
  secret: string,
  handleEvent: (event: Stripe.Event) => Promise<void>,
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    app.post('/billing/webhook', { config: { signedWebhook: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, typeof signature === 'string' ? signature : '', secret);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused: bad signature');
        throw new AppError('BAD_REQUEST', { messageKey: 'billing.badSignature', cause: error });
      }
      await handleEvent(event);
      request.log.info({ event: event.id, type: event.type }, 'stripe webhook handled');
      return { received: true };
    });
  };
}
