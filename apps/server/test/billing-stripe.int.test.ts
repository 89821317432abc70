/**
 * Paid plans through Stripe, tested at the protocol edge (docs/decisions/026): the app's Stripe client
 * talks HTTP to a local server that answers as Stripe's API does and records what it was asked, and
 * webhook events are signed with the Stripe SDK's own test-header helper. Each test has its own account.
 */
import type { AddressInfo } from 'node:net';
import { Stripe } from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/factories';
import { DAY, fakeStripe, now, PRICES, subscription } from './helpers/fake-stripe';

const KEY = 'sk_test_vitrine123';
const WEBHOOK_SECRET = 'whsec_vitrinetest123';
const signer = new Stripe('sk_test_signer');

let t: TestApp;
let stripe: ReturnType<typeof fakeStripe>;
let users = 0;

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
    // Each test signs up its own account, from one address.
    RATE_LIMIT_MULTIPLIER: '100',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripe.server.close(resolve));
});
beforeEach(() => {
  stripe.requests.length = 0;
  stripe.state.failNext = false;
});

async function newUser() {
  users++;
  const email = `client${users}@example.test`;
  return { ...(await signedInUser(t.app, email)), email };
}

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
      billing_customer_id: string | null;
    }>(
      `select has_subscription, subscription_tier, cancel_at_period_end, billing_customer_id
       from user_subscription_info where user_id = $1`,
      [userId],
    )
  )[0];
const usage = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json();
const calls = (route: string) => stripe.requests.filter((r) => `${r.method} ${r.path}` === route);

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
  created: now(),
  data: { object },
});

const completed = (userId: string, customer: string, sub: string, metadataUser = userId) =>
  event('checkout.session.completed', {
    id: 'cs_test_x',
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    metadata: { userId: metadataUser, plan: 'starter' },
    customer,
    subscription: sub,
  });

/** An account that went through checkout: its Stripe customer exists and is stored. */
async function customerWithCheckout(plan: 'starter' | 'pro' = 'starter') {
  const user = await newUser();
  expect((await post('/api/billing/checkout', user.cookie, { plan })).statusCode).toBe(200);
  const customer = (await stored(user.userId))!.billing_customer_id!;
  stripe.requests.length = 0;
  return { ...user, customer };
}

describe('Stripe checkout (create-checkout)', () => {
  it('creates the account’s Stripe customer once, and asks for a 30-minute subscription checkout of the plan’s price', async () => {
    const user = await newUser();
    const res = await post('/api/billing/checkout', user.cookie, { plan: 'starter' }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const [customer] = calls('POST /v1/customers');
    expect(customer!.auth).toBe(`Bearer ${KEY}`);
    expect(Object.fromEntries(customer!.form)).toEqual({
      email: user.email,
      'metadata[userId]': user.userId,
    });
    const customerId = (await stored(user.userId))!.billing_customer_id;
    expect(customerId).toMatch(/^cus_\d+$/);
    const [session] = calls('POST /v1/checkout/sessions');
    const form = Object.fromEntries(session!.form);
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICES.starter,
      'line_items[0][quantity]': '1',
      client_reference_id: user.userId,
      customer: customerId,
      locale: 'en',
      success_url: `${t.config.publicUrl}/dashboard/account?checkout=success`,
      cancel_url: `${t.config.publicUrl}/#pricing`,
      'metadata[userId]': user.userId,
      'metadata[plan]': 'starter',
      'subscription_data[metadata][userId]': user.userId,
    });
    expect(Math.abs(Number(form.expires_at) - (now() + 1800))).toBeLessThan(60);

    // A second checkout: the same customer, and the first session is expired so only one can be paid.
    stripe.requests.length = 0;
    const again = await post('/api/billing/checkout', user.cookie, { plan: 'pro' });
    expect(again.statusCode).toBe(200);
    expect(calls('POST /v1/customers')).toHaveLength(0);
    expect(calls('POST /v1/checkout/sessions')[0]!.form.get('customer')).toBe(customerId);
    const first = new URL(res.json().url).pathname.split('/').at(-1);
    expect(calls(`POST /v1/checkout/sessions/${first}/expire`)).toHaveLength(1);
  });

  it('replaces a customer id Stripe does not know (test mode’s own, or one deleted in Stripe)', async () => {
    for (const unknown of ['cus_local_abc', 'cus_gone']) {
      const user = await newUser();
      await t.database.query(
        `insert into user_subscription_info (user_id, billing_customer_id) values ($1, $2)`,
        [user.userId, unknown],
      );
      stripe.requests.length = 0;
      const res = await post('/api/billing/checkout', user.cookie, { plan: 'pro' });
      expect(res.statusCode, unknown).toBe(200);
      expect(calls('POST /v1/customers')).toHaveLength(1);
      const customer = (await stored(user.userId))!.billing_customer_id;
      expect(customer).toMatch(/^cus_\d+$/);
      expect(calls('POST /v1/checkout/sessions').at(-1)!.form.get('customer')).toBe(customer);
    }
  });

  it('refuses a second checkout while Stripe has a subscription the account’s row does not show yet', async () => {
    for (const status of ['active', 'past_due', 'incomplete']) {
      const user = await customerWithCheckout();
      // Paid in another tab, webhook not arrived; or a renewal Stripe is still retrying.
      stripe.state.subscriptions.push(subscription(user.customer, { status }));
      const res = await post('/api/billing/checkout', user.cookie, { plan: 'pro' }, 'en');
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error.code).toBe('ALREADY_SUBSCRIBED');
      expect(calls('POST /v1/checkout/sessions')).toHaveLength(0);
    }
  });

  it('answers a Stripe refusal with “Impossible de créer la session de paiement” (502)', async () => {
    const user = await newUser();
    stripe.state.failNext = true;
    const res = await post('/api/billing/checkout', user.cookie, { plan: 'pro' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'CHECKOUT_FAILED',
      message: 'Impossible de créer la session de paiement',
    });
  });

  it('refuses a subscriber another checkout (409): plans change in the portal', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer));
    await deliver(completed(user.userId, user.customer, 'sub_x'));
    stripe.requests.length = 0;
    const res = await post('/api/billing/checkout', user.cookie, { plan: 'pro' }, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ALREADY_SUBSCRIBED');
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('Stripe webhooks keep the subscription current', () => {
  it('refuses an unsigned, wrongly signed or altered event with a 400 and writes nothing', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer));
    const done = completed(user.userId, user.customer, 'sub_x');
    const wrong = new Stripe('sk_test_other').webhooks.generateTestHeaderString({
      payload: JSON.stringify(done),
      secret: 'whsec_notours',
    });
    for (const signature of ['', 't=1,v1=abc', wrong]) {
      const res = await deliver(done, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: JSON.stringify(done),
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify({ ...done, type: 'customer.subscription.updated' }),
    });
    expect(altered.statusCode).toBe(400);
    expect(stripe.requests).toHaveLength(0);
    expect((await stored(user.userId))!.has_subscription).toBe(false);
  });

  it('subscribes the account of a completed checkout, then follows the plan change, the cancellation and the end', async () => {
    const user = await customerWithCheckout();
    const sub = subscription(user.customer);
    stripe.state.subscriptions.push(sub);
    expect((await deliver(completed(user.userId, user.customer, sub.id))).statusCode).toBe(200);
    expect(calls('GET /v1/subscriptions')).toHaveLength(1);
    expect(await stored(user.userId)).toMatchObject({
      has_subscription: true,
      subscription_tier: 'starter',
      cancel_at_period_end: false,
    });
    expect(await usage(user.cookie)).toMatchObject({ plan: 'starter', limit: 40 });

    // Changed to Pro and cancelled in Stripe's portal: the event is followed by a read of the customer's
    // subscriptions, so an event that arrives late cannot bring back an older state.
    Object.assign(sub, subscription(user.customer, { price: PRICES.pro, cancelAtPeriodEnd: true }), {
      id: sub.id,
    });
    const stale = { ...sub, items: subscription(user.customer).items, cancel_at_period_end: false };
    expect((await deliver(event('customer.subscription.updated', stale))).statusCode).toBe(200);
    expect(await stored(user.userId)).toMatchObject({
      has_subscription: true,
      subscription_tier: 'pro',
      cancel_at_period_end: true,
    });
    expect(await usage(user.cookie)).toMatchObject({ plan: 'pro', limit: 100 });

    sub.status = 'canceled';
    await deliver(event('customer.subscription.deleted', sub));
    expect((await stored(user.userId))!.has_subscription).toBe(false);
    expect(await usage(user.cookie)).toMatchObject({ plan: 'free', limit: 3 });
  });

  it('keeps the first of two subscriptions paid by one account and cancels the second', async () => {
    const user = await customerWithCheckout();
    const first = subscription(user.customer, { created: now() - 120 });
    const second = subscription(user.customer, { price: PRICES.pro, created: now() - 30 });
    stripe.state.subscriptions.push(first, second);
    await deliver(completed(user.userId, user.customer, second.id));
    expect(calls(`DELETE /v1/subscriptions/${second.id}`)).toHaveLength(1);
    expect(calls(`DELETE /v1/subscriptions/${first.id}`)).toHaveLength(0);
    expect(await stored(user.userId)).toMatchObject({ has_subscription: true, subscription_tier: 'starter' });
  });

  it('does not give the plan while a renewal is unpaid (past_due)', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer, { status: 'past_due' }));
    await deliver(completed(user.userId, user.customer, 'sub_pd'));
    expect((await stored(user.userId))!.has_subscription).toBe(false);
    expect(await usage(user.cookie)).toMatchObject({ plan: 'free' });
  });

  it('ends the plan at a cancellation date set before the period’s end', async () => {
    const user = await customerWithCheckout();
    const cancelAt = now() + 5 * DAY;
    stripe.state.subscriptions.push(subscription(user.customer, { cancelAt }));
    await deliver(completed(user.userId, user.customer, 'sub_ca'));
    const res = (await status(user.cookie)).json();
    expect(res).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true });
    expect(new Date(res.periodEnd).getTime()).toBe(cancelAt * 1000);
  });

  it('ignores a completed checkout that names no account of ours, or two different ones', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer));
    for (const done of [
      completed('no-such-user', user.customer, 'sub_q'),
      completed(user.userId, user.customer, 'sub_q', 'someone-else'),
    ]) {
      expect((await deliver(done)).statusCode).toBe(200);
    }
    expect(stripe.requests).toHaveLength(0);
    expect((await stored(user.userId))!.has_subscription).toBe(false);
  });

  it('acknowledges events it does not use without acting on them', async () => {
    const res = await deliver(event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1' }));
    expect(res.statusCode).toBe(200);
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('Stripe subscription status (check-subscription) and customer portal', () => {
  it('finds a purchase whose webhook never came, on the next status check', async () => {
    const user = await customerWithCheckout('pro');
    stripe.state.subscriptions.push(subscription(user.customer, { price: PRICES.pro }));
    const res = await status(user.cookie);
    expect(res.json()).toMatchObject({ subscribed: true, tier: 'pro', cancelAtPeriodEnd: false });
    const [list] = calls('GET /v1/subscriptions');
    expect(list!.query.get('customer')).toBe(user.customer);
  });

  it('reads Stripe at most once a minute per account', async () => {
    const user = await customerWithCheckout();
    for (let i = 0; i < 5; i++) expect((await status(user.cookie)).statusCode).toBe(200);
    expect(calls('GET /v1/subscriptions')).toHaveLength(1);
  });

  it('answers with the stored subscription when Stripe cannot be read', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer, { price: PRICES.pro }));
    await deliver(completed(user.userId, user.customer, 'sub_s'));
    // Stripe would now say Starter, but cannot be read: the stored Pro answers.
    stripe.state.subscriptions = stripe.state.subscriptions.filter((s) => s.customer !== user.customer);
    stripe.state.subscriptions.push(subscription(user.customer));
    stripe.requests.length = 0;
    stripe.state.failNext = true;
    const res = await status(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: true, tier: 'pro' });
    expect(calls('GET /v1/subscriptions')).toHaveLength(1);
  });

  it('opens the portal for the account’s Stripe customer, returning to the account page', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer));
    await deliver(completed(user.userId, user.customer, 'sub_p'));
    stripe.requests.length = 0;
    const res = await post('/api/billing/portal', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.test/p/session/bps_1' });
    expect(Object.fromEntries(calls('POST /v1/billing_portal/sessions')[0]!.form)).toEqual({
      customer: user.customer,
      return_url: `${t.config.publicUrl}/dashboard/account`,
      locale: 'fr',
    });
  });

  it('tells an account that never subscribed that it has no subscription to manage (409)', async () => {
    for (const user of [await newUser(), await customerWithCheckout()]) {
      stripe.requests.length = 0;
      const res = await post('/api/billing/portal', user.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Ce compte n’a pas d’abonnement à gérer.');
      expect(stripe.requests).toHaveLength(0);
    }
  });

  it('answers a Stripe refusal of the portal with “Impossible d’ouvrir le portail client” (502)', async () => {
    const user = await customerWithCheckout();
    stripe.state.subscriptions.push(subscription(user.customer));
    await deliver(completed(user.userId, user.customer, 'sub_r'));
    stripe.state.failNext = true;
    const res = await post('/api/billing/portal', user.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'PORTAL_FAILED',
      message: 'Impossible d’ouvrir le portail client',
    });
  });
});
