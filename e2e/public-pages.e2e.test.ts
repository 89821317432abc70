import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { appAndBrowser } from './started';

const run = appAndBrowser();

describe('public pages in the browser', () => {
  it('home loads in English on an English browser, with html lang set', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home loads in French on a French browser, and the toggle switches to English', async () => {
    const context = await newContext(run.browser, 'fr-FR', run.app.url);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Vos produits méritent une vitrine');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('an unknown path shows the 404 page, whose link leads home', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Oops! Page not found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${run.app.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    await context.close();
  });

  it('the 404 page is in French on a French browser', async () => {
    const context = await newContext(run.browser, 'fr-FR', run.app.url);
    const page = await context.newPage();
    await page.goto('/introuvable');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Oops\u00a0! Page introuvable');
    expect(await page.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    await context.close();
  });
});
