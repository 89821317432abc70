/** The public site in the browser: twin pages, footer, moving between pages, language (cookie banner and contact form: own files). */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { TWIN_PAGE_NAMES, TWIN_PAGES } from '@vitrine/shared/routes';
import { contextWithConsent, launchBrowser } from './browser';
import { startApp, type AppUnderTest } from './app-server';

let app: AppUnderTest;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({
      COMPANY_ADDRESS: '12 rue des Lilas|75011 Paris|France',
      PARENT_COMPANY_URL: 'https://groupe.example',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const ALL_PATHS = TWIN_PAGE_NAMES.flatMap((page) => [TWIN_PAGES[page].fr, TWIN_PAGES[page].en]);

/** A context whose visitor already chose about cookies, so the banner stays out of the way. */
function consentedContext(
  locale: 'fr-FR' | 'en-US' = 'en-US',
  width = 1280,
  bypassCSP = false,
): Promise<BrowserContext> {
  return contextWithConsent(browser, locale, app.url, { viewport: { width, height: 900 }, bypassCSP });
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

describe('the fourteen public pages', () => {
  it('each answers 200 in its language, with its title, its heading and no error', async () => {
    const context = await consentedContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const name of TWIN_PAGE_NAMES) {
      for (const lang of ['fr', 'en'] as const) {
        const url = TWIN_PAGES[name][lang];
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        expect(await page.locator('html').getAttribute('lang'), url).toBe(lang);
        await expect
          .poll(() => page.title(), { message: url })
          .toBe(translate(lang, `seo.${name}.title` as MessageKey));
        expect(await page.locator('h1').count(), url).toBe(1);
        expect((await page.locator('h1').textContent())?.length, url).toBeGreaterThan(3);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the spec’s texts: motto, values, no open position, the legal pages’ sections and date, GDPR note, address', async () => {
    const context = await consentedContext();
    const page = await context.newPage();
    await page.goto('/about-en');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Innovation, Simplicity, Excellence');
    for (const value of ['Innovation:', 'Quality:', 'Accessibility:'])
      expect(await page.locator('main').textContent()).toContain(value);
    // The motto is set apart under the lead, large, not only written in a sentence.
    const motto = page.getByTestId('motto');
    expect(await motto.isVisible()).toBe(true);
    expect((await motto.innerText()).replace(/\s+/g, ' ')).toMatch(/Innovation.*Simplicity.*Excellence/);
    expect(
      await motto.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(24);
    await page.goto('/about');
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Innovation, Simplicité, Excellence');

    for (const [url, sections, date] of [
      ['/privacy-en', 6, 'June 8, 2025'],
      ['/terms-en', 11, 'June 8, 2025'],
      ['/cookies-en', 9, 'June 8, 2025'],
      ['/privacy', 6, '8 juin 2025'],
      ['/terms', 11, '8 juin 2025'],
      ['/cookies', 9, '8 juin 2025'],
    ] as const) {
      await page.goto(url);
      await expect.poll(() => page.locator('main h2').count(), { message: url }).toBe(sections);
      expect(await page.locator('main').textContent(), url).toContain(date);
    }
    await page.goto('/terms-en');
    expect(await page.locator('main').textContent()).toMatch(/French law/);
    await page.goto('/cookies-en');
    const cookies = await page.locator('main').textContent();
    expect(cookies).toMatch(/6 months/);
    expect(cookies).toMatch(/13 months/);

    await page.goto('/careers-en');
    await page.getByRole('link', { name: 'Spontaneous application' }).click();
    await page.waitForURL(/\/contact-en\?subject=/);
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Spontaneous application');

    await page.goto('/contact');
    const aside = page.locator('address');
    await expect.poll(() => aside.textContent()).toContain('75011 Paris');
    expect(await page.locator('main').textContent()).toContain('Vos données personnelles');
    await context.close();
  });

  it('the FR/EN button goes to the same page in the other language, and back to home leads home', async () => {
    const context = await consentedContext('fr-FR');
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('link', { name: 'View this page in English' }).click();
    await page.waitForURL(`${app.url}/about-en`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('About Vitrine');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('link', { name: 'Voir cette page en français' }).click();
    await page.waitForURL(`${app.url}/about`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('À propos de Vitrine');

    await page.goto('/status-en');
    await page.getByRole('link', { name: 'Voir cette page en français' }).click();
    await page.waitForURL(`${app.url}/status`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('État du service');
    // The alternates in the head follow the page.
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href')).toBe(
      `${app.url}/status-en`,
    );

    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Vos produits méritent une vitrine');
    await context.close();
  });

  it('nothing overflows at 320 px, on any public page, the home page or the sign-in page', async () => {
    const context = await consentedContext('fr-FR', 320);
    const page = await context.newPage();
    for (const url of ['/', '/auth', ...ALL_PATHS]) {
      await page.goto(url);
      await page.locator('footer').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(320);
    }
    await context.close();
  });

  it('axe finds no serious or critical violation on any public page, in either language', async () => {
    // axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
    const context = await consentedContext('en-US', 1280, true);
    const page = await context.newPage();
    const axe = path.resolve('node_modules/axe-core/axe.min.js');
    for (const url of ['/', '/auth', ...ALL_PATHS]) {
      await page.goto(url);
      await page.locator('footer').waitFor();
      await page.addScriptTag({ path: axe });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }
        ).axe.run();
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id);
      });
      expect(violations, url).toEqual([]);
    }
    await context.close();
  });
});

describe('footer', () => {
  it('links to the pages in the page’s language, the parent company, and shows the status dot turning green', async () => {
    const context = await consentedContext();
    const page = await context.newPage();
    await page.goto('/careers-en');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: /Parent company/ }).waitFor();
    const hrefs = await footer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/#features',
        '/#pricing',
        '/about-en',
        '/careers-en',
        'https://groupe.example',
        '/contact-en',
        '/status-en',
        '/privacy-en',
        '/terms-en',
        '/cookies-en',
      ]),
    );
    await expect.poll(() => footer.locator('[data-status]').getAttribute('data-status')).toBe('operational');
    expect(await footer.locator('[data-status]').getAttribute('class')).toContain('bg-emerald-500');
    expect(await footer.textContent()).toContain('All rights reserved');

    await page.goto('/about');
    const french = await page
      .locator('footer a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(french).toEqual(expect.arrayContaining(['/about', '/contact', '/status', '/privacy']));

    // The sign-in page has it too: whoever signs up can read the privacy policy and the terms.
    await page.goto('/auth');
    await page.locator('footer a[href="/privacy-en"]').waitFor();
    const onAuth = await page
      .locator('footer a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(onAuth).toEqual(
      expect.arrayContaining(['/privacy-en', '/terms-en', '/cookies-en', '/contact-en']),
    );
    // Its "Cookie settings" opens the banner's detailed view, as on every public page.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('region', { name: 'Cookie settings' }).waitFor();
    await context.close();
  });
});

describe('moving between pages', () => {
  it('a reader who scrolls the prerendered page before its code arrives stays where they are', async () => {
    const context = await consentedContext('fr-FR');
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    // The frame's own goto: the page's waits for the code to be live (browser.ts), which is held here.
    await page.mainFrame().goto(`${app.url}/`, { waitUntil: 'commit' });
    await page.locator('#pricing').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 1500));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1400);
    release();
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1400);
    await context.close();
  });

  it('a page opened from a link starts at its top; back returns to where the reader was', async () => {
    for (const width of [1280, 390]) {
      const context = await consentedContext('fr-FR', width);
      const page = await context.newPage();
      await page.goto('/');
      // The code has taken the page over: links move within the app rather than reload it.
      await page.locator('footer a[href="/about"]').waitFor();
      await page.waitForLoadState('networkidle');
      await page.locator('footer a[href="/about"]').scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(500);
      await page.locator('footer a[href="/about"]').click();
      await page.waitForURL('**/about');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${width}px` }).toBe(0);
      await page.goBack();
      await page.waitForURL(app.url + '/');
      await expect
        .poll(() => page.evaluate(() => window.scrollY), { message: `${width}px back` })
        .toBeGreaterThan(before - 50);
      await context.close();
    }
  });
});

describe('language of the home page', () => {
  it('follows the browser: French for fr-FR, English for en-US', async () => {
    for (const [locale, heading] of [
      ['fr-FR', 'Vos produits méritent une vitrine'],
      ['en-US', 'Your products deserve a showcase'],
    ] as const) {
      const context = await consentedContext(locale);
      const page = await context.newPage();
      await page.goto('/');
      await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
      await context.close();
    }
  });

  it('an explicit choice is remembered over the browser’s language', async () => {
    const context = await consentedContext('fr-FR');
    await context.addInitScript(`localStorage.setItem('siteLanguage', 'en')`);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});
