/**
 * "Lumière / Light" in the Fusion form, in the browser: the section is closed and says "Automatique";
 * opened, a direction is chosen on the dial with the keyboard (the focus is seen), the shadow's strength
 * with the slider's keys and the reflection; the summary says so; the generation made carries that light
 * (GET /api/history) and "generate again" brings it back. At a phone's width, in English, the dial's
 * positions are fingertip targets inside the screen. axe finds nothing with the section open.
 * Screenshots of the open section at 1280 and 390 px in /tmp/light-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { productJpeg } from '../apps/server/test/helpers/sample-images';
import { expectNoAxeViolations } from './axe';
import { newContext } from './browser';
import { appAndBrowser } from './started';
import { phoneContext } from './touch';
import { signedInUser } from './session';

const started = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext(started.browser, 'fr-FR', started.app.url);
  page = await context.newPage();
  await signedInUser(page, 'lumiere@example.test', { firstName: 'Lucie', lastName: 'Marchand' });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

const history = async (p: Page) => (await (await p.request.get('/api/history')).json()) as HistoryResponse;
/** The section, found by its controls (hidden while it is closed, so not by their roles). */
const lightSection = (p: Page) => p.locator('details').filter({ has: p.locator('input[name="lightMode"]') });

describe('the light of a Fusion image, chosen in the form', () => {
  it('closed it says "Automatique"; a direction chosen with the keyboard, a strength and no reflection reach the server, and come back with "generate again"', async () => {
    await page.goto('/dashboard');
    await page
      .getByRole('group', { name: 'Image du produit', exact: true })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pot.jpg', mimeType: 'image/jpeg', buffer: await productJpeg() });
    await page.getByText('Image prête', { exact: true }).waitFor({ timeout: 30_000 });
    const picker = page.getByRole('group', { name: 'Image de contexte', exact: true });
    await picker.getByRole('button', { name: 'Nos décors' }).click();
    await picker.getByRole('button', { name: 'Studio, fond uni', exact: true }).click();

    const section = lightSection(page);
    const summary = section.locator('summary');
    await expect.poll(() => summary.innerText()).toMatch(/^Lumière\s+Automatique$/);
    // Closed by default: its controls are not on the screen.
    expect(await section.getAttribute('open')).toBeNull();
    expect(await page.getByRole('radio', { name: 'En haut à gauche', exact: true }).isVisible()).toBe(false);

    // Opened from the keyboard.
    await summary.focus();
    await page.keyboard.press('Enter');
    const topLeft = page.getByRole('radio', { name: 'En haut à gauche', exact: true });
    await topLeft.waitFor({ state: 'visible' });
    // The light is automatic: no direction is checked yet.
    expect(await page.getByRole('radio', { name: 'Automatique (d’après la scène)' }).isChecked()).toBe(true);
    expect(await topLeft.isChecked()).toBe(false);

    // Space checks the position in focus, an arrow moves round the dial (counter-clockwise: to the left).
    await topLeft.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => topLeft.isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    const left = page.getByRole('radio', { name: 'À gauche', exact: true });
    await expect.poll(() => left.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Choisie' }).isChecked()).toBe(true);
    // The position in focus is outlined.
    const outline = await left.evaluate((input) => getComputedStyle(input.parentElement!).outlineStyle);
    expect(outline).toBe('solid');

    const strength = page.getByRole('slider', { name: 'Intensité de l’ombre' });
    await strength.focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => strength.getAttribute('aria-valuetext')).toBe('80 %');
    await page.getByRole('radiogroup', { name: 'Reflet' }).getByText('Sans', { exact: true }).click();
    await expect
      .poll(() => summary.innerText())
      .toMatch(/^Lumière\s+À gauche, ombre adoucie, 80 %, sans reflet$/);

    await expectNoAxeViolations(page, 'the Fusion form with the light section open');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: '/tmp/light-1280.png' });
    await page.screenshot({ path: '/tmp/light-1280-page.png', fullPage: true });

    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await page.getByText('Image sélectionnée\u00a0!', { exact: true }).waitFor({ timeout: 180_000 });
    await expect.poll(async () => (await history(page)).items.length, { timeout: 60_000 }).toBe(1);
    const [made] = (await history(page)).items;
    expect(made!.settings).toMatchObject({
      mode: 'fusion',
      light: { angle: 180, softness: 0.5, strength: 0.8 },
      reflection: 'non',
    });

    // Generate again: the light and the reflection come back.
    await page.getByRole('link', { name: 'Générer à nouveau avec ces réglages' }).click();
    await expect
      .poll(() => lightSection(page).locator('summary').innerText(), { timeout: 30_000 })
      .toMatch(/^Lumière\s+À gauche, ombre adoucie, 80 %, sans reflet$/);
  }, 420_000);

  it('in English at 390 px: the dial fits the screen, each position a 44 px target, chosen by touch', async () => {
    const phone = await phoneContext(started.browser, {
      locale: 'en-US',
      baseURL: started.app.url,
      signedIn: context,
    });
    try {
      const p = await phone.newPage();
      await p.goto('/dashboard');
      await p.evaluate(() => localStorage.setItem('dashboardLanguage', 'en'));
      await p.goto('/dashboard');
      const section = lightSection(p);
      await expect.poll(() => section.locator('summary').innerText()).toMatch(/^Light\s+Automatic$/);
      await section.locator('summary').tap();
      const positions = section.getByRole('radiogroup', { name: 'Light direction' }).locator('label');
      await positions.first().waitFor({ state: 'visible' });
      // Open and still automatic: no position checked, the sliders say "Automatic".
      await expect.poll(() => section.getByRole('radio', { checked: true }).count()).toBe(2);
      expect(
        await section.getByRole('slider', { name: 'Shadow strength' }).getAttribute('aria-valuetext'),
      ).toBe('Automatic');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: '/tmp/light-390-automatic.png' });
      const boxes = await positions.evaluateAll((labels) =>
        labels.map((label) => label.getBoundingClientRect().toJSON() as DOMRect),
      );
      expect(boxes).toHaveLength(8);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(390);
      }
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const topLeft = p.getByRole('radio', { name: 'Top left', exact: true });
      await positions.nth(3).tap();
      await expect.poll(() => topLeft.isChecked()).toBe(true);
      await expect
        .poll(() => section.locator('summary').innerText())
        .toMatch(/^Light\s+Top left, softened shadow, 50%$/);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: '/tmp/light-390.png' });
      await p.screenshot({ path: '/tmp/light-390-page.png', fullPage: true });
    } finally {
      await phone.close();
    }
  }, 120_000);
});
