/**
 * Paid plans through Stripe, tested at the protocol edge (docs/decisions/026): the app's Stripe client
 * talks HTTP to a local server that answers as Stripe's API does and records what it was asked, and
 * webhook events are signed with the Stripe SDK's own test-header helper.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Stripe } from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createVerifiedUser } from './helpers/accounts';

const KEY = 'sk_test_vitrine123';
const WEBHOOK_SECRET = 'whsec_vitrinetest123';
const PRICES = { starter: 'price_starter123', pro: 'price_pro456' };

type Recorded = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; auth: string };

/** Stripe's API as far as the app uses it: checkout and portal sessions, subscriptions by id and by customer. */
function fakeStripe() {
  const requests: Recorded[] = [];
  const state = {
    failNext: false,
    subscription: undefined as Record<string, unknown> | undefined,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(body),
        auth: req.headers.authorization ?? '',
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (state.failNext) {
        state.failNext = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session/bps_1',
        });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/v1/subscriptions/')) {
        return state.subscription ? send(200, state.subscription) : send(404, { error: { type: 'x' } });
      }
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        return send(200, {
          object: 'list',
          data: state.subscription ? [state.subscription] : [],
          has_more: false,
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return { server, requests, state };
}

function subscription(
  userId: string,
  overrides: { price?: string; status?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: overrides.status ?? 'active',
    cancel_at_period_end: overrides.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    created: Math.floor(Date.now() / 1000) - 60,
    metadata: { userId },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: overrides.price ?? PRICES.starter, object: 'price' },
          current_period_end: overrides.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86_400,
        },
      ],
    },
  };
}

const signer = new Stripe('sk_test_signer');

let t: TestApp;
let stripe: ReturnType<typeof fakeStripe>;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  stripe = fakeStripe();
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  const { port } = stripe.server.address() as AddressInfo;
  t = await createTestApp({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: PRICES.starter,
    STRIPE_PRICE_PRO: PRICES.pro,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  alice = await createVerifiedUser(t.app, 'alice.stripe@example.test');
  bob = await createVerifiedUser(t.app, 'bob.stripe@example.test');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripe.server.close(resolve));
});
beforeEach(() => {
  stripe.requests.length = 0;
  stripe.state.failNext = false;
});

const post = (url: string, cookie: string, payload?: unknown, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const status = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } });
/** The account's row as the webhook left it, read without the status check's own read from Stripe. */
const stored = async (userId: string) =>
  (
    await t.database.query<{
      has_subscription: boolean;
      subscription_tier: string | null;
      cancel_at_period_end: boolean;
    }>(
      `select has_subscription, subscription_tier, cancel_at_period_end
       from user_subscription_info where user_id = $1`,
      [userId],
    )
  )[0];
const usage = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json();

function deliver(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      // Stripe is another site: the signature, not the origin, authenticates it.
      origin: 'https://stripe.com',
    },
    payload,
  });
}

const event = (type: string, object: unknown) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

describe('Stripe checkout (create-checkout)', () => {
  it('asks Stripe for a subscription checkout of the plan’s price, for this account, and answers its url', async () => {
    const res = await post('/api/billing/checkout', alice.cookie, { plan: 'starter' }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    const [call] = stripe.requests;
    expect(call).toBeDefined();
    expect(call!.auth).toBe(`Bearer ${KEY}`);
    expect(call!.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(call!.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICES.starter,
      'line_items[0][quantity]': '1',
      client_reference_id: alice.userId,
      customer_email: 'alice.stripe@example.test',
      locale: 'en',
      success_url: `${t.config.publicUrl}/dashboard/account?checkout=success`,
      cancel_url: `${t.config.publicUrl}/#pricing`,
      'metadata[plan]': 'starter',
      'subscription_data[metadata][userId]': alice.userId,
    });
  });

  it('answers a Stripe refusal with “Impossible de créer la session de paiement” (502)', async () => {
    stripe.state.failNext = true;
    const res = await post('/api/billing/checkout', alice.cookie, { plan: 'pro' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'CHECKOUT_FAILED',
      message: 'Impossible de créer la session de paiement',
    });
  });
});

describe('Stripe webhooks keep the subscription current', () => {
  it('refuses an unsigned, wrongly signed or altered event with a 400 and writes nothing', async () => {
    const completed = event('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: alice.userId,
      customer: 'cus_1',
      subscription: 'sub_1',
    });
    const wrong = new Stripe('sk_test_other').webhooks.generateTestHeaderString({
      payload: JSON.stringify(completed),
      secret: 'whsec_notours',
    });
    for (const signature of ['', 't=1,v1=abc', wrong]) {
      const res = await deliver(completed, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(completed),
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify({ ...completed, data: { object: { client_reference_id: bob.userId } } }),
    });
    expect(altered.statusCode).toBe(400);
    expect(stripe.requests).toHaveLength(0);
    expect((await stored(alice.userId))?.has_subscription ?? false).toBe(false);
  });

  it('subscribes the account named by a completed checkout, then follows the plan change, the cancellation and the end', async () => {
    stripe.state.subscription = subscription(alice.userId);
    const completed = await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: alice.userId,
        customer: 'cus_1',
        subscription: 'sub_1',
      }),
    );
    expect(completed.statusCode).toBe(200);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_1']);
    expect(await stored(alice.userId)).toEqual({
      has_subscription: true,
      subscription_tier: 'starter',
      cancel_at_period_end: false,
    });
    expect((await status(alice.cookie)).json()).toMatchObject({ subscribed: true, tier: 'starter' });
    expect(await usage(alice.cookie)).toMatchObject({ plan: 'starter', limit: 40 });

    // Changed to Pro and cancelled in Stripe's portal: the event is followed by a read of the customer's
    // subscriptions, so an event that arrives late cannot bring back an older state.
    stripe.state.subscription = subscription(alice.userId, { price: PRICES.pro, cancelAtPeriodEnd: true });
    const updated = await deliver(event('customer.subscription.updated', subscription(alice.userId)));
    expect(updated.statusCode).toBe(200);
    expect(await stored(alice.userId)).toEqual({
      has_subscription: true,
      subscription_tier: 'pro',
      cancel_at_period_end: true,
    });
    expect((await status(alice.cookie)).json()).toMatchObject({
      subscribed: true,
      tier: 'pro',
      cancelAtPeriodEnd: true,
    });
    expect(await usage(alice.cookie)).toMatchObject({ plan: 'pro', limit: 100 });

    stripe.state.subscription = subscription(alice.userId, { price: PRICES.pro, status: 'canceled' });
    await deliver(event('customer.subscription.deleted', stripe.state.subscription));
    expect((await stored(alice.userId))?.has_subscription).toBe(false);
    expect((await status(alice.cookie)).json()).toMatchObject({ subscribed: false, tier: null });
    expect(await usage(alice.cookie)).toMatchObject({ plan: 'free', limit: 3 });
  });

  it('acknowledges events it does not use without acting on them', async () => {
    const res = await deliver(event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1' }));
    expect(res.statusCode).toBe(200);
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('Stripe customer portal and subscription status', () => {
  it('opens the portal for the account’s Stripe customer, returning to the account page', async () => {
    stripe.state.subscription = subscription(alice.userId);
    await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_2',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: alice.userId,
        customer: 'cus_1',
        subscription: 'sub_1',
      }),
    );
    stripe.requests.length = 0;
    const res = await post('/api/billing/portal', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.test/p/session/bps_1' });
    expect(Object.fromEntries(stripe.requests[0]!.form)).toEqual({
      customer: 'cus_1',
      return_url: `${t.config.publicUrl}/dashboard/account`,
      locale: 'fr',
    });
  });

  it('tells an account Stripe does not know that it has no subscription to manage (409)', async () => {
    const res = await post('/api/billing/portal', bob.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Ce compte n’a pas d’abonnement à gérer.');
    expect(stripe.requests).toHaveLength(0);
  });

  it('reads the customer’s subscriptions from Stripe on each status check (check-subscription)', async () => {
    stripe.state.subscription = subscription(alice.userId, { price: PRICES.pro });
    const res = await status(alice.cookie);
    expect(res.json()).toMatchObject({ subscribed: true, tier: 'pro', cancelAtPeriodEnd: false });
    const [call] = stripe.requests;
    expect(call!.path).toBe('/v1/subscriptions');
    expect(call!.query.get('customer')).toBe('cus_1');
  });

  it('keeps answering with the stored subscription when Stripe cannot be read', async () => {
    stripe.state.subscription = subscription(alice.userId, { price: PRICES.pro });
    await status(alice.cookie);
    stripe.state.failNext = true;
    const res = await status(alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: true, tier: 'pro' });
  });
});
