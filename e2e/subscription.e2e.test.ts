/**
 * Paid plans in the browser, with the embedded default payments (the local test-mode checkout and
 * portal, docs/decisions/026): a signed-in user starts the Pro trial from the pricing section, pays in
 * the tab that opens, and comes back subscribed (spec sections 2, 4, 6 and 7): the account page's tier,
 * Active badge, renewal date and Manage button; the usage card's monthly allowance; the pricing section's
 * current plan highlighted with its button disabled, 'Switch to' the other plan and 'Manage subscription'.
 * Then the portal cancels, and the account page says when the subscription ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

const SHOTS = 'e2e/.artifacts';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await signedInUser(page, 'abonnee@example.test', { firstName: 'Inès', lastName: 'Morel' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

/** The date one month from now as the pages write it (the server's pages in UTC, the app in local time). */
function inAMonth(): Date {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date;
}

/** The tab a click opens: blank at first, then sent to the page the API named. */
async function popupAfter(click: () => Promise<void>, url: RegExp): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), click()]);
  await popup.waitForURL(url);
  return popup;
}

describe('paid plans, from the pricing section to the portal', () => {
  it('a free user opens the Pro checkout in a new tab from “Commencer l’essai gratuit”, and pays', async () => {
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    const pro = pricing.locator('[data-plan="pro"]');
    await pro.getByRole('button', { name: 'Commencer l’essai gratuit' }).waitFor();
    await pricing.getByText('Sans engagement\u00a0: résiliez quand vous voulez', { exact: false }).waitFor();

    const checkout = await popupAfter(
      () => pro.getByRole('button', { name: 'Commencer l’essai gratuit' }).click(),
      /\/billing\/checkout\/co_/,
    );
    await checkout.getByRole('heading', { name: 'Abonnement Pro' }).waitFor();
    await checkout.getByText('59\u00a0€ par mois').waitFor();
    await checkout.getByText('100 générations par mois').waitFor();
    await checkout.getByText('Mode test', { exact: false }).waitFor();
    await checkout.setViewportSize({ width: 390, height: 844 });
    await checkout.screenshot({ path: `${SHOTS}/checkout-390.png`, fullPage: true });
    expect(await checkout.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await checkout.getByRole('button', { name: 'Payer 59\u00a0€' }).click();
    await checkout.getByRole('heading', { name: 'Paiement confirmé' }).waitFor();
    await checkout.getByRole('link', { name: 'Revenir à Vitrine' }).click();
    await checkout.waitForURL(/\/dashboard\/account\?checkout=success$/);

    const plan = checkout.getByRole('region', { name: 'Abonnement' });
    await plan.getByText('Paiement confirmé\u00a0: bienvenue dans la formule Pro\u00a0!').waitFor();
    await plan.getByText('Abonnement Pro', { exact: false }).first().waitFor();
    await plan.getByText('Actif', { exact: true }).waitFor();
    // The tab the checkout was opened from knows it too, without being reloaded or brought forward.
    await page
      .locator('#pricing [data-plan="pro"]')
      .getByRole('button', { name: 'Votre formule actuelle' })
      .waitFor({ timeout: 10_000 });
    const renews = await checkout.evaluate(
      (iso) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date(iso)),
      inAMonth().toISOString(),
    );
    await plan.getByText(`Prochain renouvellement\u00a0: ${renews}`, { exact: true }).waitFor();
    await plan.getByText('Utilisées ce mois-ci\u00a0: 0/100', { exact: false }).waitFor();
    expect(await plan.getByRole('link', { name: 'Passer à Premium' }).count()).toBe(0);
    await checkout.setViewportSize({ width: 1280, height: 800 });
    await checkout.screenshot({ path: `${SHOTS}/account-subscriber.png`, fullPage: true });
    await checkout.close();
  }, 90_000);

  it('back on the plans, Pro is the current plan (highlighted, button disabled); Starter offers a switch', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    const pricing = page.locator('#pricing');
    const pro = pricing.locator('[data-plan="pro"]');
    await pro.getByRole('button', { name: 'Votre formule actuelle' }).waitFor();
    expect(await pro.getByRole('button', { name: 'Votre formule actuelle' }).isDisabled()).toBe(true);
    expect(await pro.getAttribute('data-current')).toBe('true');
    await pro.getByText('Votre formule', { exact: true }).waitFor();
    const starter = pricing.locator('[data-plan="starter"]');
    expect(await starter.getByRole('button', { name: 'Changer pour Starter' }).isEnabled()).toBe(true);
    await pricing.getByRole('button', { name: 'Gérer l’abonnement' }).waitFor();
    await pricing.screenshot({ path: `${SHOTS}/pricing-subscriber.png` });
  }, 60_000);

  it('the usage card counts the month’s allowance, and its Manage button opens the portal, which cancels', async () => {
    await page.goto('/dashboard');
    const usage = page.getByRole('region', { name: 'Abonnement Pro' });
    await usage.getByText('0/100 ce mois-ci', { exact: true }).waitFor();

    const portal = await popupAfter(
      () => usage.getByRole('button', { name: 'Gérer l’abonnement' }).click(),
      /\/billing\/portal\?lang=fr$/,
    );
    await portal.getByText('Formule actuelle\u00a0: Pro, 59\u00a0€ par mois').waitFor();
    await portal.getByRole('button', { name: 'Passer à Starter (29\u00a0€ par mois)' }).waitFor();
    await portal.getByRole('link', { name: 'Résilier l’abonnement' }).click();
    // Asked to confirm first; keeping the plan changes nothing.
    await portal.getByRole('heading', { name: 'Résilier la formule Pro\u00a0?' }).waitFor();
    await portal.getByRole('link', { name: 'Garder ma formule' }).click();
    await portal.getByText('Formule actuelle\u00a0: Pro, 59\u00a0€ par mois').waitFor();
    await portal.getByRole('link', { name: 'Résilier l’abonnement' }).click();
    await portal.getByRole('button', { name: 'Oui, résilier' }).click();
    await portal.getByText('Résiliation enregistrée.').waitFor();
    await portal.getByText('Résilié\u00a0: l’abonnement prend fin le', { exact: false }).waitFor();
    await portal.getByRole('button', { name: 'Reprendre l’abonnement' }).waitFor();
    await portal.screenshot({ path: `${SHOTS}/portal-cancelled.png`, fullPage: true });
    await portal.close();

    await page.goto('/dashboard/account');
    const plan = page.getByRole('region', { name: 'Abonnement' });
    const ends = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(new Date(iso)),
      inAMonth().toISOString(),
    );
    await plan
      .getByText(`Se termine le ${ends}\u00a0: l’abonnement a été résilié.`, { exact: true })
      .waitFor();
    // Still Pro until then.
    await plan.getByText('Abonnement Pro', { exact: false }).first().waitFor();
  }, 60_000);
});
