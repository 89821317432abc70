/**
 * Deleting one's account from the Account page (docs/decisions/072), in a real browser: the card says
 * what goes; the dialog lets nothing through until the address is the account's; a wrong password is
 * said under its field and deletes nothing; then the account goes, the visitor lands on the home page,
 * signed out, and the account can no longer sign in. In French and in English (at 390 px), with no axe
 * violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { expectNoAxeViolations } from './axe';
import { PASSWORD, signedInUser } from './session';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('deleting one’s account', () => {
  it('asks for the address and the password, says a wrong password under it, then deletes everything', async () => {
    context = await newContext(browser, 'fr-FR', app.url);
    page = await context.newPage();
    const email = 'depart@example.test';
    await signedInUser(page, email, { firstName: 'Inès', lastName: 'Garnier' });
    await page.goto('/dashboard/account');
    const card = page.getByRole('region', { name: 'Supprimer mon compte' });
    await card.getByText('Cette action est irréversible', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Supprimer mon compte…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte\u00a0?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'the account deletion dialog');
    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
    await dialog
      .getByLabel('Pour confirmer, saisissez votre adresse e-mail', { exact: false })
      .fill('autre@example.test');
    await dialog.getByLabel('Votre mot de passe').fill('Pas-le-bon-1');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Pour confirmer, saisissez votre adresse e-mail', { exact: false }).fill(email);
    await confirm.click();
    await dialog.getByText('Ce mot de passe n’est pas celui de votre compte.').waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/delete-account-wrong-password.png' });
    // Nothing was deleted: the profile still answers.
    expect((await page.request.get('/api/profile')).status()).toBe(200);

    await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
    await confirm.click();
    await page.getByText('Votre compte a été supprimé').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    const again = await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
    expect(again.status()).toBe(401);
  }, 120_000);

  it('speaks English, and fits a 390-pixel-wide phone', async () => {
    await context?.close();
    context = await newContext(browser, 'fr-FR', app.url);
    page = await context.newPage();
    await signedInUser(page, 'leaving@example.test', { firstName: 'Sam', lastName: 'Reed' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    const card = page.getByRole('region', { name: 'Delete my account' });
    await card.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Permanently delete your account?' });
    const address = dialog.getByLabel('To confirm, type your e-mail address', { exact: false });
    await address.fill('leaving@example.test');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await page.screenshot({ path: 'e2e/.artifacts/delete-account-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('Your account has been deleted').waitFor();
    expect((await page.request.get('/api/profile')).status()).toBe(401);
  }, 120_000);
});
