/**
 * A subscriber's plan in the browser (spec section 2, Account page and Usage card): the tier with its
 * Active badge, the next renewal date and the cancellation note on the account page; the usage card's
 * monthly allowance and its Manage button, which leads there. Vitrine has no online checkout yet, so
 * the subscription is written into the embedded database while the app is stopped, as a payment
 * provider's confirmation would have left it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPglite } from '../apps/server/src/db/client';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

const EMAIL = 'abonnee@example.test';
/** The subscription ends, and renews, twelve days from now. */
const RENEWS = new Date(Date.now() + 12 * 86_400_000);

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const signUp = await newContext(browser, 'fr-FR', app.url);
  await signedInUser(await signUp.newPage(), EMAIL, { firstName: 'Inès', lastName: 'Morel' });
  const session = await signUp.storageState();
  await signUp.close();

  const { dataDir } = app;
  expect(await app.stop('SIGTERM')).toBe(0);
  const database = await openPglite(path.join(dataDir, 'db'));
  await database.query(
    `insert into user_subscription_info (user_id, has_subscription, subscription_tier, subscription_end)
     select id, true, 'Pro', $2 from users where email = $1`,
    [EMAIL, RENEWS.toISOString()],
  );
  await database.close();
  // Started again on the same data (on a new port: the session cookie is the host's, not the port's).
  app = await startApp({}, dataDir);
  context = await newContext(browser, 'fr-FR', app.url, { storageState: session });
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('a subscriber', () => {
  it('sees the monthly allowance on the usage card, whose Manage button opens the account page', async () => {
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Abonnement Pro' });
    await usage.getByText('0/100 ce mois-ci', { exact: true }).waitFor();
    await usage.getByRole('link', { name: 'Gérer l’abonnement' }).click();
    await page.waitForURL(/\/dashboard\/account$/);
  }, 60_000);

  it('sees the tier, Active, the next renewal date and that a cancellation ends with the period', async () => {
    await page.goto('/dashboard/account');
    const plan = page.getByRole('region', { name: 'Abonnement' });
    await plan.getByText('Abonnement Pro', { exact: false }).waitFor();
    await plan.getByText('Actif', { exact: true }).waitFor();
    // The date as the browser writes it, in its own time zone.
    const date = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date(iso)),
      RENEWS.toISOString(),
    );
    await plan.getByText(`Prochain renouvellement\u00a0: ${date}`, { exact: true }).waitFor();
    await plan
      .getByText('Une résiliation prend effet à la fin de la période de facturation en cours.', {
        exact: false,
      })
      .waitFor();
    expect(
      await plan
        .getByRole('link', { name: 'Nous écrire pour changer de formule ou résilier' })
        .getAttribute('href'),
    ).toBe('/contact');
    // A subscriber is not asked to upgrade.
    expect(await plan.getByRole('link', { name: 'Passer à Premium' }).count()).toBe(0);
    await page.screenshot({ path: 'e2e/.artifacts/account-subscriber.png', fullPage: true });
  }, 60_000);
});
