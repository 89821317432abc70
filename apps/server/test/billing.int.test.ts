/**
 * Paid plans with the embedded default, the local test-mode checkout and portal (spec sections 6, 7
 * and 9; docs/decisions/026): through the HTTP API and the pages' forms, against a real database.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './helpers/test-app';
import { signedInUser, type SignedInUser } from './helpers/factories';

const t = useTestApp();
let alice: SignedInUser;
let bob: SignedInUser;
let origin: string;

beforeAll(async () => {
  origin = new URL(t.config.publicUrl).origin;
  alice = await signedInUser(t.app, 'alice.billing@example.test');
  bob = await signedInUser(t.app, 'bob.billing@example.test');
});

beforeEach(async () => {
  await t.database.query(`delete from billing_checkouts`);
  await t.database.query(
    `update user_subscription_info set has_subscription = false, subscription_tier = null,
       subscription_end = null, cancel_at_period_end = false, billing_customer_id = null,
       billing_subscription_id = null`,
  );
  await t.database.query(`delete from rate_limits`);
});

const checkout = (cookie: string | undefined, payload: unknown, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
    payload: payload as object,
  });
const portal = (cookie: string | undefined, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/portal',
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
  });
const status = (cookie: string | undefined, lang = 'fr') =>
  t.app.inject({
    method: 'GET',
    url: '/api/billing/subscription',
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
  });
const usage = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json();
const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const submit = (url: string, cookie: string, form: Record<string, string>, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const checkoutCount = async () =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from billing_checkouts`))[0]!.n;

async function subscribe(user: { cookie: string }, plan: 'starter' | 'pro') {
  const res = await checkout(user.cookie, { plan });
  expect(res.statusCode).toBe(200);
  const url = pathOf(res.json().url);
  const paid = await submit(url, user.cookie, { action: 'pay' });
  expect(paid.statusCode).toBe(303);
  return url;
}

describe('checkout, customer portal and subscription status need a signed-in user (spec section 6)', () => {
  it('refuses the checkout with “Vous devez être connecté pour souscrire à un abonnement”', async () => {
    const res = await checkout(undefined, { plan: 'starter' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Vous devez être connecté pour souscrire à un abonnement',
    });
    expect(await checkoutCount()).toBe(0);
  });

  it('refuses the portal and the status with “… pour gérer votre abonnement”, in English too', async () => {
    expect((await portal(undefined)).json().error.message).toBe(
      'Vous devez être connecté pour gérer votre abonnement',
    );
    const res = await status(undefined, 'en');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be signed in to manage your subscription');
  });

  it('sends a visitor who opens a checkout or portal page to sign in', async () => {
    const url = pathOf((await checkout(alice.cookie, { plan: 'pro' })).json().url);
    for (const path of [url, '/billing/portal']) {
      const res = await page(path);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/auth');
    }
  });
});

describe('the checkout (create-checkout: {plan: starter or pro} → url)', () => {
  it('refuses another plan, a wrong type, an extra field or broken JSON with a translated 400, storing nothing', async () => {
    for (const payload of [{ plan: 'enterprise' }, { plan: 3 }, {}, { plan: 'pro', price: 1 }]) {
      const res = await checkout(alice.cookie, payload, 'en');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await checkout(alice.cookie, { plan: 'gold' }, 'en')).json().error.message).toBe(
      'Choose the Starter or Pro plan.',
    );
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{"plan":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await checkoutCount()).toBe(0);
  });

  it('pays Pro in test mode: €59 a month, 100 generations, then the account is subscribed until one month from now', async () => {
    expect((await status(alice.cookie)).json()).toEqual({
      subscribed: false,
      tier: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
    });
    const res = await checkout(alice.cookie, { plan: 'pro' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/billing/checkout/co_[A-Za-z0-9_-]{32}$`));

    const shown = await page(pathOf(url), alice.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('Abonnement Pro');
    expect(shown.body).toContain('59\u00a0€ par mois');
    expect(shown.body).toContain('100 générations par mois');
    expect(shown.body).toContain('alice.billing@example.test');
    expect(shown.body).toContain('Mode test');
    // Forms posted under the site's no-referrer policy would carry `Origin: null` and be refused.
    expect(shown.headers['referrer-policy']).toBe('same-origin');

    const paid = await submit(pathOf(url), alice.cookie, { action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(pathOf(url));
    const confirmed = await page(pathOf(url), alice.cookie);
    expect(confirmed.body).toContain('Paiement confirmé');
    expect(confirmed.body).toContain('/dashboard/account?checkout=success');

    const now = await status(alice.cookie);
    expect(now.json()).toMatchObject({ subscribed: true, tier: 'pro', cancelAtPeriodEnd: false });
    const end = new Date(now.json().periodEnd);
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(end.getTime() - expected.getTime())).toBeLessThan(60_000);
    expect(await usage(alice.cookie)).toMatchObject({
      plan: 'pro',
      hasSubscription: true,
      limit: 100,
      used: 0,
      renewsAt: end.toISOString(),
    });
  });

  it('cannot be paid twice: paying again says the session has ended, and a subscriber cannot open another checkout', async () => {
    const url = await subscribe(alice, 'starter');
    const again = await submit(url, alice.cookie, { action: 'pay' });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Cette session de paiement est terminée ou a expiré.');
    const other = await checkout(alice.cookie, { plan: 'pro' }, 'en');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('ALREADY_SUBSCRIBED');
    expect((await status(alice.cookie)).json().tier).toBe('starter');
  });

  it('is another account’s: its page and its form answer 404 and nothing changes for either account', async () => {
    const url = pathOf((await checkout(alice.cookie, { plan: 'pro' })).json().url);
    expect((await page(url, bob.cookie)).statusCode).toBe(404);
    expect((await submit(url, bob.cookie, { action: 'pay' })).statusCode).toBe(404);
    expect((await status(bob.cookie)).json().subscribed).toBe(false);
    expect((await status(alice.cookie)).json().subscribed).toBe(false);
    expect((await page(url, alice.cookie)).statusCode).toBe(200);
  });

  it('answers made-up, hostile and over-long checkout ids with 404', async () => {
    for (const id of [
      'co_nope',
      '..%2F..%2Fetc%2Fpasswd',
      `co_${'a'.repeat(90)}`,
      '%00',
      'co_%27%20or%201=1',
    ]) {
      const res = await page(`/billing/checkout/${id}`, alice.cookie);
      expect(res.statusCode, id).toBe(404);
    }
    // Longer than any id the router reads: no such checkout either, said without Fastify's own words.
    const long = await page(`/billing/checkout/co_${'a'.repeat(5000)}`, alice.cookie);
    expect(long.statusCode).toBe(404);
    expect(long.body).not.toContain('FST_');
  });

  it('can be cancelled: back to the plans, and the page then says the session has ended', async () => {
    const url = pathOf((await checkout(alice.cookie, { plan: 'starter' })).json().url);
    const cancelled = await submit(url, alice.cookie, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/#pricing');
    expect((await page(url, alice.cookie)).statusCode).toBe(410);
    expect((await submit(url, alice.cookie, { action: 'pay' })).statusCode).toBe(410);
    expect((await status(alice.cookie)).json().subscribed).toBe(false);
  });

  it('expires after a day unpaid', async () => {
    const url = pathOf((await checkout(alice.cookie, { plan: 'starter' })).json().url);
    await t.database.query(`update billing_checkouts set expires_at = now() - interval '1 minute'`);
    const res = await page(url, alice.cookie);
    expect(res.statusCode).toBe(410);
    expect((await submit(url, alice.cookie, { action: 'pay' })).statusCode).toBe(410);
  });

  it('keeps one open checkout per account: a new one replaces the last', async () => {
    const first = pathOf((await checkout(alice.cookie, { plan: 'starter' })).json().url);
    await checkout(alice.cookie, { plan: 'pro' });
    expect(await checkoutCount()).toBe(1);
    expect((await page(first, alice.cookie)).statusCode).toBe(404);
  });

  it('refuses a form from another site, an unknown action and an oversized form, paying nothing', async () => {
    const url = pathOf((await checkout(alice.cookie, { plan: 'pro' })).json().url);
    const crossSite = await submit(url, alice.cookie, { action: 'pay' }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect((await submit(url, alice.cookie, { action: 'refund' })).statusCode).toBe(400);
    const huge = await submit(url, alice.cookie, { action: 'pay', pad: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    expect((await status(alice.cookie)).json().subscribed).toBe(false);
  });
});

describe('the customer portal (customer-portal → url)', () => {
  it('changes the plan, cancels at the end of the period and resumes', async () => {
    await subscribe(alice, 'pro');
    const res = await portal(alice.cookie, 'en');
    expect(res.statusCode).toBe(200);
    const url = pathOf(res.json().url);
    expect(url).toBe('/billing/portal?lang=en');

    const shown = await page(url, alice.cookie);
    expect(shown.body).toContain('Current plan: Pro, €59 per month');
    expect(shown.body).toContain('Switch to Starter (€29 per month)');
    expect(shown.body).toContain('Next renewal:');

    const switched = await submit(url, alice.cookie, { action: 'switch', plan: 'starter' });
    expect(switched.statusCode).toBe(303);
    expect((await page(switched.headers.location as string, alice.cookie)).body).toContain('Plan changed.');
    expect((await status(alice.cookie)).json().tier).toBe('starter');
    expect(await usage(alice.cookie)).toMatchObject({ plan: 'starter', limit: 40 });

    // Cancelling asks first: the page's link leads to a confirmation, which changes nothing by itself.
    const before = (await page(url, alice.cookie)).body;
    expect(before).toContain('href="/billing/portal?lang=en&amp;confirm=cancel"');
    const confirm = await page('/billing/portal?lang=en&confirm=cancel', alice.cookie);
    expect(confirm.body).toContain('Cancel the Starter plan?');
    expect(confirm.body).toContain('It stays active until');
    expect(confirm.body).toContain('Keep my plan');
    expect((await status(alice.cookie)).json().cancelAtPeriodEnd).toBe(false);
    await submit('/billing/portal?lang=en&confirm=cancel', alice.cookie, { action: 'cancel' });
    const cancelled = (await status(alice.cookie)).json();
    expect(cancelled).toMatchObject({ subscribed: true, tier: 'starter', cancelAtPeriodEnd: true });
    expect((await page(url, alice.cookie)).body).toContain('Cancelled: the subscription ends on');

    await submit(url, alice.cookie, { action: 'resume' });
    expect((await status(alice.cookie)).json().cancelAtPeriodEnd).toBe(false);
  });

  it('answers 409 NO_SUBSCRIPTION, in French and English, to an account that never subscribed', async () => {
    const fr = await portal(bob.cookie, 'fr');
    expect(fr.statusCode).toBe(409);
    expect(fr.json().error).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'Ce compte n’a pas d’abonnement à gérer.',
    });
    const en = await portal(bob.cookie, 'en');
    expect(en.json().error.message).toBe('This account has no subscription to manage.');

    // Once it has had one, ended or not, the portal opens: it shows what there was and the way back.
    const url = await subscribe(bob, 'starter');
    expect(url).toMatch(/^\/billing\/checkout\//);
    await submit('/billing/portal?lang=en&confirm=cancel', bob.cookie, { action: 'cancel' });
    expect((await portal(bob.cookie, 'en')).statusCode).toBe(200);
  });

  it('shows an account without a subscription the way to the plans, and refuses changes with a 409', async () => {
    const shown = await page('/billing/portal?lang=fr', bob.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Ce compte n’a pas d’abonnement en cours.');
    const res = await submit('/billing/portal?lang=fr', bob.cookie, { action: 'switch', plan: 'pro' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Ce compte n’a pas d’abonnement à gérer.');
    expect((await status(bob.cookie)).json().subscribed).toBe(false);
  });

  it('refuses a change posted from another site', async () => {
    await subscribe(alice, 'pro');
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const res = await submit('/billing/portal', alice.cookie, { action: 'cancel' }, headers);
      expect(res.statusCode).toBe(403);
    }
    expect((await status(alice.cookie)).json().cancelAtPeriodEnd).toBe(false);
  });

  it('refuses an unknown action or plan with a 400 and changes nothing', async () => {
    await subscribe(alice, 'starter');
    for (const form of [{ action: 'switch', plan: 'gold' }, { action: 'delete' }, {}] as Record<
      string,
      string
    >[]) {
      const res = await submit('/billing/portal', alice.cookie, form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
    }
    expect((await status(alice.cookie)).json()).toMatchObject({ tier: 'starter', cancelAtPeriodEnd: false });
  });
});

describe('the billing period (spec section 9: the cycle starts one month before subscription_end)', () => {
  it('renews a test-mode subscription whose period has ended, and ends a cancelled one', async () => {
    await subscribe(alice, 'starter');
    // The period ended on the 15th (this month's if it has passed, else last month's): it renews on the
    // 15th after, from where it ended, not from today.
    const today = new Date();
    const ended = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 15));
    if (ended > today) ended.setUTCMonth(ended.getUTCMonth() - 1);
    const next = new Date(ended);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await t.database.query(`update user_subscription_info set subscription_end = $2 where user_id = $1`, [
      alice.userId,
      ended.toISOString(),
    ]);
    const renewed = (await status(alice.cookie)).json();
    expect(renewed.subscribed).toBe(true);
    expect(renewed.periodEnd).toBe(next.toISOString());

    await t.database.query(
      `update user_subscription_info set subscription_end = now() - interval '1 day',
         cancel_at_period_end = true where user_id = $1`,
      [alice.userId],
    );
    expect((await status(alice.cookie)).json()).toMatchObject({ subscribed: false, tier: null });
    expect(await usage(alice.cookie)).toMatchObject({ plan: 'free', limit: 3 });
    // Subscribing again is possible once it has ended.
    expect((await checkout(alice.cookie, { plan: 'pro' })).statusCode).toBe(200);
  });
});

describe('payments off (a public site without Stripe, here PAYMENTS_TEST_MODE=false)', () => {
  it('sells nothing: checkout and portal say online payment is not open, and the test pages do not exist', async () => {
    const site = await createTestApp({ PAYMENTS_TEST_MODE: 'false' });
    try {
      const { cookie } = await signedInUser(site.app, 'public@example.test');
      const headers = { cookie, 'accept-language': 'fr' };
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers,
        payload: { plan: 'pro' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'PAYMENTS_UNAVAILABLE',
        message:
          'Le paiement en ligne n’est pas encore ouvert\u00a0: écrivez-nous pour souscrire une formule.',
      });
      const portalRes = await site.app.inject({ method: 'POST', url: '/api/billing/portal', headers });
      expect(portalRes.statusCode).toBe(503);
      const pageRes = await site.app.inject({ method: 'GET', url: '/billing/portal', headers: { cookie } });
      expect(pageRes.statusCode).toBe(404);
      const stat = await site.app.inject({ method: 'GET', url: '/api/billing/subscription', headers });
      expect(stat.json().subscribed).toBe(false);
    } finally {
      await site.close();
    }
  });
});
