import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';
import { appAndBrowser } from './started';
import { PASSWORD, signedInUser } from './session';

const run = appAndBrowser();

async function open(
  lang: 'fr-FR' | 'en-US',
  width = 1280,
  setup?: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(run.browser, lang, run.app.url);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  if (setup) await setup(page);
  await page.goto('/');
  await page.locator('h1').waitFor();
  return { context, page };
}

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const current = (page: Page) =>
  carousel(page).locator('button[aria-current="true"]').getAttribute('aria-label');

/** How many slides lie wholly inside the carousel's track. */
const visibleSlides = (page: Page) =>
  page.evaluate(() => {
    const track = document.querySelector('[aria-roledescription="carousel"] [tabindex="0"]')!;
    const box = track.getBoundingClientRect();
    return Array.from(track.querySelectorAll('[aria-roledescription="slide"]')).filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('landing page', () => {
  // The autoplay tests wait in real time, each in its own browser context: they wait side by side.
  it.concurrent(
    'carousel: six slides labelled n of 6, autoplay every 3 s, paused while hovered, still playing after next',
    async ({ expect }) => {
      const { context, page } = await open('en-US');
      const slides = carousel(page).locator('[aria-roledescription="slide"]');
      expect(await slides.count()).toBe(6);
      expect(await slides.nth(0).getAttribute('aria-label')).toBe('1 of 6');
      expect(await slides.nth(5).getAttribute('aria-label')).toBe('6 of 6');
      // Autoplay advances on its own (the page may already have moved on while it loaded).
      const start = Number((await current(page))!.replace('Show image ', ''));
      await expect.poll(() => current(page), { timeout: 5000 }).toBe(`Show image ${start + 1}`);

      await carousel(page).hover();
      await page.waitForTimeout(500); // the scroll under way settles
      const hovered = await current(page);
      await page.waitForTimeout(3600); // longer than one autoplay delay: nothing may move meanwhile
      expect(await current(page)).toBe(hovered);

      await page.getByRole('button', { name: 'Next image' }).click();
      const afterClick = await current(page);
      expect(afterClick).not.toBe(hovered);
      await page.mouse.move(5, 5);
      await expect.poll(() => current(page), { timeout: 5000 }).not.toBe(afterClick);
      await context.close();
    },
  );

  it.concurrent(
    'carousel: no autoplay after the pause button, nor under prefers-reduced-motion',
    async ({ expect }) => {
      const [paused, reduced] = await Promise.all([
        open('en-US'),
        open('en-US', 1280, (p) => p.emulateMedia({ reducedMotion: 'reduce' })),
      ]);
      await paused.page.getByRole('button', { name: 'Pause the slideshow' }).click();
      await paused.page.mouse.move(5, 5);
      const before = await Promise.all([current(paused.page), current(reduced.page)]);
      await paused.page.waitForTimeout(3600); // longer than one autoplay delay
      expect(await Promise.all([current(paused.page), current(reduced.page)])).toEqual(before);
      expect(before[1]).toBe('Show image 1');
      await paused.page.getByRole('button', { name: 'Play the slideshow' }).click();
      await paused.page.mouse.move(5, 5);
      await expect.poll(() => current(paused.page), { timeout: 5000 }).not.toBe(before[0]);
      await Promise.all([paused.context.close(), reduced.context.close()]);
    },
  );

  it('carousel shows 1 slide at 390 px, 2 at 800 px and 3 at 1280 px', async () => {
    for (const [width, count] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const { context, page } = await open('en-US', width, (p) =>
        p.emulateMedia({ reducedMotion: 'reduce' }),
      );
      await expect.poll(() => visibleSlides(page)).toBe(count);
      await context.close();
    }
  });

  it('FAQ: the first answer open, opening another closes it, closing leaves none open', async () => {
    const { context, page } = await open('en-US');
    const faq = page.locator('#faq');
    const expanded = () => faq.locator('button[aria-expanded="true"]').count();
    const first = faq.getByRole('button', { name: 'How long does a generation take?' });
    const third = faq.getByRole('button', { name: 'What counts against my quota?' });
    expect(await faq.locator('button[aria-expanded]').count()).toBe(5);
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await third.click();
    expect(await third.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await expanded()).toBe(1);
    await third.click();
    expect(await expanded()).toBe(0);
    await context.close();
  });

  it('pricing: three plans with prices in the page language; a visitor’s trial buttons go to sign-up', async () => {
    const { context, page } = await open('en-US');
    const prices = () => page.locator('#pricing [data-price]').allTextContents();
    expect(await prices()).toEqual(['€0', '€29', '€59']);
    expect(await page.locator('#pricing').textContent()).toContain('most popular');
    const trials = page.locator('#pricing').getByRole('link', { name: 'Start free trial' });
    expect(await trials.count()).toBe(2);
    expect(await trials.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
      '/auth?mode=signup&plan=starter',
      '/auth?mode=signup&plan=pro',
    ]);
    await page.getByRole('button', { name: 'Switch to French' }).click();
    await expect
      .poll(async () => (await prices()).map((p) => p.replace(/\s/g, ' ')))
      .toEqual(['0 €', '29 €', '59 €']);
    await context.close();
  });

  it('a plan a visitor chose is kept through sign-up: once signed in, the pricing offers to finish with it', async () => {
    const { context, page } = await open('fr-FR');
    await page.locator('[data-trial="pro"]').click();
    await page.waitForURL('**/auth?mode=signup&plan=pro');
    await page.getByText('Formule Pro choisie').waitFor();
    // Signing up and confirming the address happen elsewhere (the mailbox); then the user is signed in.
    await signedInUser(page, 'chose-pro@example.com', { firstName: 'Lou', lastName: 'Martin' });
    await page.goto('/');
    const offer = page.locator('[data-pending-plan="pro"]');
    await offer.getByText('Vous aviez choisi la formule Pro').waitFor();
    // Brought into view.
    await expect
      .poll(() => offer.evaluate((node) => node.getBoundingClientRect().top < innerHeight))
      .toBe(true);
    await page.screenshot({ path: 'e2e/.artifacts/pending-plan.png' });
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      offer.getByRole('button', { name: 'Continuer avec Pro' }).click(),
    ]);
    await checkout.waitForURL(/\/billing\/checkout\/co_/);
    await checkout.getByRole('heading', { name: 'Abonnement Pro' }).waitFor();
    await checkout.close();
    // The keyboard is on the plans' title, not lost with the notice.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pricing-title');
    // Offered once: used, it is forgotten.
    expect(await page.evaluate(() => localStorage.getItem('vitrine.pendingPlan'))).toBeNull();
    const checked = page.waitForResponse('**/api/billing/subscription');
    await page.reload();
    await page.getByTestId('greeting').waitFor({ state: 'attached' });
    await checked;
    await page.locator('[data-trial="pro"]').waitFor();
    expect(await page.locator('[data-pending-plan]').count()).toBe(0);

    // It belongs to whoever chose it: signing out forgets a plan still pending.
    const stored = () => page.evaluate(() => localStorage.getItem('vitrine.pendingPlan'));
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Commencer' }).waitFor();
    await page.goto('/auth?mode=signup&plan=starter');
    await page.getByText('Formule Starter choisie').waitFor();
    await expect.poll(stored).not.toBeNull();
    const api = page.request;
    const signIn = await api.post('/api/auth/sign-in', {
      data: { email: 'chose-pro@example.com', password: PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/');
    await page.locator('[data-pending-plan="starter"]').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(stored).toBeNull();
    await context.close();
  });

  it('hero buttons for a visitor: Try it free to /auth; the demo opens, plays and closes with Escape', async () => {
    const { context, page } = await open('en-US');
    const hero = page.locator('[data-cta="hero"]');
    expect(await hero.textContent()).toBe('Try it free');
    expect(await hero.getAttribute('href')).toBe('/auth');
    expect(await page.locator('[data-cta="closing"]').textContent()).toBe('Try it free');
    expect(await page.locator('[data-cta="closing"]').getAttribute('href')).toBe('/auth');
    expect(
      await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).getAttribute('href'),
    ).toBe('/auth');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vitrine, step by step' });
    await dialog.waitFor();
    const step = () => dialog.locator('button[aria-current="step"]').getAttribute('aria-label');
    expect(await step()).toBe('Step 1 of 5');
    await expect.poll(step, { timeout: 5000 }).toBe('Step 2 of 5');
    expect(await dialog.locator('img[alt]:not([alt=""])').getAttribute('src')).toMatch(/\/examples\/demo\//);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('signed in: greeting, Start Creating to /dashboard, Sign Out reachable without overflow at 390 and 320 px', async () => {
    const { context, page } = await open('en-US', 390, async (p) => {
      await signedInUser(p, 'landing-user-with-a-long-address@example.com', {
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
    });
    await expect
      .poll(() => page.getByTestId('greeting').textContent())
      .toBe('Hello, landing-user-with-a-long-address@example.com');
    expect(await page.locator('[data-cta="hero"]').textContent()).toBe('Start Creating');
    expect(await page.locator('[data-cta="hero"]').getAttribute('href')).toBe('/dashboard');
    expect(await page.locator('[data-cta="closing"]').textContent()).toBe('Start Creating');
    expect(await page.locator('[data-cta="closing"]').getAttribute('href')).toBe('/dashboard');
    // Signed in, the trial buttons open the checkout (subscription.e2e follows one through).
    for (const plan of ['starter', 'pro']) {
      const trial = page.locator(`[data-trial="${plan}"]`);
      expect(await trial.evaluate((node) => node.tagName)).toBe('BUTTON');
      expect(await trial.textContent()).toBe('Start free trial');
    }
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 700 });
      // No room for the greeting beside the buttons: the e-mail's initial shows who is signed in, its
      // name is the greeting, and a tap shows the greeting under the bar, within the screen.
      const initial = page.getByRole('button', {
        name: 'Hello, landing-user-with-a-long-address@example.com',
      });
      expect(await initial.isVisible()).toBe(true);
      expect(await initial.textContent()).toBe('l');
      const box0 = (await initial.boundingBox())!;
      expect(box0.x + box0.width).toBeLessThanOrEqual(width);
      const greeting = page.getByTestId('phone-greeting');
      expect(await greeting.isVisible()).toBe(false);
      await initial.click();
      expect(await greeting.isVisible()).toBe(true);
      expect(await greeting.textContent()).toBe('Hello, landing-user-with-a-long-address@example.com');
      const shown = (await greeting.boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `e2e/.artifacts/landing-greeting-${width}.png` });
      await page.getByRole('heading', { level: 1 }).click();
      expect(await greeting.isVisible()).toBe(false);
      const signOut = page.getByRole('button', { name: 'Sign Out' });
      const box = (await signOut.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The dashboard stays one tap away on a phone (an icon with its name).
      const dashboard = page.locator('header').getByRole('link', { name: 'Dashboard', exact: true });
      expect(await dashboard.isVisible()).toBe(true);
      expect(await dashboard.getAttribute('href')).toBe('/dashboard');
      expect(await overflows(page)).toBe(false);
    }
    if (process.env.LANDING_SHOTS)
      await page.screenshot({ path: `${process.env.LANDING_SHOTS}/signed-320.png` });
    // With room, the greeting itself.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByTestId('greeting').isVisible()).toBe(true);
    expect(await page.getByTestId('account-initial').isVisible()).toBe(false);
    await context.close();
  });

  it('the FR/EN toggle remembers the choice across a reload', async () => {
    const { context, page } = await open('fr-FR');
    expect(await page.locator('h1').textContent()).toBe('Vos produits méritent une vitrine');
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    expect(await page.evaluate(() => localStorage.getItem('siteLanguage'))).toBe('en');
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    await context.close();
  });

  it('the choice outlives a visit to the dashboard: back home or signed out, the site is in English again', async () => {
    const { context, page } = await open('fr-FR');
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    await signedInUser(page, 'english-site@example.test', { firstName: 'Ann', lastName: 'Reed' });
    // The dashboard has its own language, French unless chosen there.
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Accueil' }).click();
    await page.waitForURL(`${run.app.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your products deserve a showcase');

    await page.goto('/dashboard');
    await header.getByRole('button', { name: 'Se déconnecter' }).click();
    // Signed out, on the home page (spec: sign out goes to /), not sent on to the sign-in page.
    await page.waitForURL(`${run.app.url}/`);
    await page.getByRole('link', { name: 'Get Started', exact: true }).first().waitFor();
    expect(page.url()).toBe(`${run.app.url}/`);
    expect(await page.locator('h1').textContent()).toBe('Your products deserve a showcase');
    await context.close();
  });

  it.runIf(process.env.LANDING_SHOTS)('screenshots', async () => {
    for (const width of [1280, 768, 390, 320]) {
      const { context, page } = await open(width === 390 ? 'fr-FR' : 'en-US', width, (p) =>
        p.emulateMedia({ reducedMotion: 'reduce' }),
      );
      await page.evaluate(async () => {
        document.querySelectorAll('img').forEach((img) => (img.loading = 'eager'));
        await new Promise((r) => setTimeout(r, 800));
      });
      await page.screenshot({ path: `${process.env.LANDING_SHOTS}/landing-${width}.png`, fullPage: true });
      expect(await overflows(page)).toBe(false);
      if (width === 1280 || width === 390) {
        await page.getByRole('button', { name: width === 390 ? 'Voir la démo' : 'Watch demo' }).click();
        const dialog = page.getByRole('dialog');
        for (const n of [2, 4, 5]) {
          await dialog.locator('button[aria-current]').waitFor();
          await dialog
            .locator('button[aria-label*="5"]')
            .nth(n - 1)
            .click();
          await page.waitForTimeout(700);
          await page.screenshot({ path: `${process.env.LANDING_SHOTS}/demo-${width}-${n}.png` });
        }
      }
      await context.close();
    }
  });
});
