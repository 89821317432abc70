/** The cookie banner in the browser (spec sections 2 to 4): its two views, the stored choice, its expiry. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COOKIES_CHOSEN, newContext } from './browser';
import { appAndBrowser } from './started';

const run = appAndBrowser();

/** A French visitor's first look at `path` in a window of this size: the banner is up. */
async function firstVisit(path: string, viewport: { width: number; height: number }) {
  const context = await newContext(run.browser, 'fr-FR', run.app.url, { viewport });
  const page = await context.newPage();
  await page.goto(path);
  const banner = page.getByRole('region', { name: 'Nous respectons votre vie privée' });
  await banner.waitFor();
  await page.waitForLoadState('networkidle');
  return { context, page, banner };
}

describe('cookie banner', () => {
  const stored = (page: Page) =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem('cookieConsent') ?? 'null') as Record<string, unknown> | null,
    );

  it('accept all: stored with its date, hidden, and not shown again on the next page', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We respect your privacy' });
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe(
      '/cookies-en',
    );
    await banner.getByRole('button', { name: 'Accept all' }).click();
    expect(await banner.count()).toBe(0);
    const consent = await stored(page);
    expect(consent).toMatchObject({ necessary: true, analytics: true, marketing: true });
    expect(Math.abs(Date.now() - (consent!.date as number))).toBeLessThan(60_000);
    await page.goto('/about-en');
    await page.locator('footer').waitFor();
    expect(await page.getByRole('region', { name: 'We respect your privacy' }).count()).toBe(0);
    await context.close();
  });

  it('reject all, and the detailed view: necessary always on, toggles, save', async () => {
    const context = await newContext(run.browser, 'fr-FR', run.app.url);
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Tout refuser' }).click();
    expect(await stored(page)).toMatchObject({ analytics: false, marketing: false });

    await page.getByRole('button', { name: 'Paramètres des cookies' }).click();
    const detailed = page.getByRole('region', { name: 'Paramètres des cookies' });
    await detailed.waitFor();
    expect(await detailed.getByRole('switch', { name: /Nécessaires/ }).isDisabled()).toBe(true);
    expect(await detailed.getByRole('switch', { name: /Nécessaires/ }).isChecked()).toBe(true);
    await detailed.getByRole('switch', { name: 'Mesure d’audience' }).check();
    await detailed.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    expect(await detailed.count()).toBe(0);
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: true, marketing: false });
    await context.close();
  });

  it('the simple view’s settings open the detailed view', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Cookie settings' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Marketing' }).isChecked()).toBe(false);
    await context.close();
  });

  it('keyboard: the footer’s Cookie settings move the focus into the detailed view, and back once saved', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    await context.addInitScript(COOKIES_CHOSEN);
    const page = await context.newPage();
    await page.goto('/terms-en');
    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    const detailed = page.getByRole('region', { name: 'Cookie settings' });
    await detailed.waitFor();
    expect(await detailed.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    // Past the cookie policy link (the necessary switch is disabled): the analytics switch.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Analytics');
    await page.keyboard.press('Space');
    await detailed.getByRole('button', { name: 'Save my choices' }).focus();
    await page.keyboard.press('Enter');
    expect(await detailed.count()).toBe(0);
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });
    expect(await settings.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it('reopened after a choice, the settings can be left as they are: Escape or Close, the focus back on the footer', async () => {
    const context = await newContext(run.browser, 'fr-FR', run.app.url);
    await context.addInitScript(COOKIES_CHOSEN);
    const page = await context.newPage();
    await page.goto('/terms');
    const settings = page.getByRole('button', { name: 'Paramètres des cookies' });
    const detailed = page.getByRole('region', { name: 'Paramètres des cookies' });
    const before = await stored(page);
    for (const leave of ['Escape', 'Fermer']) {
      await settings.focus();
      await page.keyboard.press('Enter');
      await detailed.waitFor();
      await detailed.getByRole('switch', { name: 'Marketing' }).check();
      if (leave === 'Escape') await page.keyboard.press('Escape');
      else await detailed.getByRole('button', { name: leave }).click();
      await expect.poll(() => detailed.count(), { message: leave }).toBe(0);
      expect(await stored(page), leave).toEqual(before);
      expect(await settings.evaluate((button) => button === document.activeElement), leave).toBe(true);
    }
    await context.close();
  });

  it('on a phone the banner’s buttons are reached in the order they are seen, top to bottom', async () => {
    const context = await newContext(run.browser, 'fr-FR', run.app.url, {
      viewport: { width: 390, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Nous respectons votre vie privée' });
    await banner.waitFor();
    const buttons = banner.getByRole('button');
    await buttons.first().focus();
    const tops: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await page.keyboard.press('Tab');
      tops.push(await page.evaluate(() => document.activeElement!.getBoundingClientRect().top));
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(3);
    await context.close();
  });

  it('keyboard: the banner comes first, and nothing the keyboard reaches after it is hidden behind it', async () => {
    for (const width of [1280, 390]) {
      const { context, page, banner } = await firstVisit('/', { width, height: 800 });
      // From the top of the page, Tab reaches the banner's link and buttons before anything else.
      const inBanner = () => banner.evaluate((region) => region.contains(document.activeElement));
      await page.keyboard.press('Tab');
      expect(await inBanner(), `${width}px: first Tab`).toBe(true);
      let left = false;
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        if (await inBanner()) {
          expect(left, `${width}px: the banner is passed once`).toBe(false);
          continue;
        }
        left = true;
        // Every element focused past it is in sight above the banner (as much of it as fits there:
        // the examples' carousel is taller than what a phone leaves above the banner).
        const seen = await banner.evaluate((region) => {
          const focused = document.activeElement!.getBoundingClientRect();
          const cover = region.getBoundingClientRect().top;
          const shown = Math.min(focused.bottom, cover) - Math.max(focused.top, 0);
          return shown / Math.min(focused.height, cover);
        });
        expect(seen, `${width}px: Tab ${i + 2} in sight`).toBeGreaterThan(0.9);
      }
      expect(left).toBe(true);
      await context.close();
    }
  });

  it('on a laptop screen the banner leaves the home page’s two calls to action in sight', async () => {
    for (const [width, height] of [
      [1280, 800],
      [1366, 768],
      [1280, 720],
    ] as const) {
      const { context, page, banner } = await firstVisit('/', { width, height });
      const cover = (await banner.boundingBox())!;
      for (const name of ['Essayer gratuitement', 'Voir la démo']) {
        const main = page.getByRole('main');
        // The hero's, the first of them on the page.
        const action = (await main
          .getByRole('link', { name })
          .or(main.getByRole('button', { name }))
          .first()
          .boundingBox())!;
        const apart =
          action.y + action.height <= cover.y ||
          action.x + action.width <= cover.x ||
          action.x >= cover.x + cover.width;
        expect(apart, `${width}x${height}: ${name} clear of the banner`).toBe(true);
      }
      await context.close();
    }
  });

  it('a notice raised while the banner is up stands above it, leaving its buttons in reach', async () => {
    for (const width of [1280, 800]) {
      const { context, page, banner } = await firstVisit('/auth', { width, height: 800 });
      // Signing in with nothing typed: "Email et mot de passe requis", in a notice in the corner.
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'Email et mot de passe requis' });
      await notice.waitFor();
      const [cover, shown] = [(await banner.boundingBox())!, (await notice.boundingBox())!];
      expect(shown.y + shown.height, `${width}px`).toBeLessThanOrEqual(cover.y);
      await context.close();
    }
  });

  it('shown again when the stored choice is older than 180 days, not when it is younger', async () => {
    for (const [days, shown] of [
      [181, true],
      [179, false],
    ] as const) {
      const context = await newContext(run.browser, 'en-US', run.app.url);
      await context.addInitScript(
        `localStorage.setItem('cookieConsent', JSON.stringify({ necessary: true, analytics: false, marketing: false, date: Date.now() - ${days} * 86400000 }))`,
      );
      const page = await context.newPage();
      await page.goto('/terms-en');
      await page.locator('footer').waitFor();
      await page.waitForTimeout(300);
      expect(
        await page.getByRole('region', { name: 'We respect your privacy' }).count(),
        `${days} days`,
      ).toBe(shown ? 1 : 0);
      await context.close();
    }
  });

  it('no analytics or marketing script, nor any script from another origin, whatever the choice', async () => {
    const context = await newContext(run.browser, 'en-US', run.app.url);
    const page = await context.newPage();
    const scripts: string[] = [];
    const origins = new Set<string>();
    page.on('request', (request) => {
      origins.add(new URL(request.url()).origin);
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept all' }).click();
    for (const url of ['/about-en', '/contact-en', '/cookies-en']) {
      await page.goto(url);
      await page.locator('footer').waitFor();
    }
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^\/assets\/[\w.-]+\.js$/);
    // None of the signed-in app's code loads on public pages.
    for (const script of scripts)
      expect(script).not.toMatch(
        /(dashboard-route|fusion-page|express-page|history-page|stats-page|account-page|image-editor)-/,
      );
    expect([...origins]).toEqual([run.app.url]);
    await context.close();
  });
});
