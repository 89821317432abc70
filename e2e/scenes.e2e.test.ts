/**
 * "Nos décors / Our scenes" in the browser: in the context picker, beside the upload, the ready-made
 * scenes as tiles; one chosen (with the keyboard) stands in for the context photo, the generation is
 * made on it, and "generate again" comes back with the scene selected. In English at a phone's width,
 * the tiles are named and a choice can be undone. axe finds nothing in the picker. Screenshots of the picker, desktop and phone, in
 * e2e/.artifacts.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { productJpeg } from '../apps/server/test/helpers/sample-images';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { phoneContext } from './touch';
import { signedInUser } from './session';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const ARTIFACTS = 'e2e/.artifacts';

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await signedInUser(page, 'decors@example.test', { firstName: 'Inès', lastName: 'Roux' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const history = async (p: Page) => (await (await p.request.get('/api/history')).json()) as HistoryResponse;
const contextGroup = (p: Page, name: string) => p.getByRole('group', { name, exact: true });

describe('Nos décors in the Fusion form', () => {
  it('a scene chosen with the keyboard replaces the context photo; the image is made on it; "generate again" shows it selected', async () => {
    await page.goto('/dashboard');
    await page
      .getByRole('group', { name: 'Image du produit', exact: true })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pot.jpg', mimeType: 'image/jpeg', buffer: await productJpeg() });
    await page.getByText('Image prête', { exact: true }).waitFor({ timeout: 30_000 });

    const picker = contextGroup(page, 'Image de contexte');
    await picker.getByRole('button', { name: 'Nos décors' }).click();
    const tile = picker.getByRole('button', { name: 'Studio, fond uni', exact: true });
    await tile.waitFor();
    // Every tile has a name to read (its picture's alt text), and its picture loads.
    const tiles = picker.locator('[data-scene-id]');
    expect(await tiles.count()).toBeGreaterThanOrEqual(12);
    await expect
      .poll(() =>
        tiles
          .locator('img')
          .evaluateAll((images) => images.every((img) => (img as HTMLImageElement).alt.trim() !== '')),
      )
      .toBe(true);
    await tile.scrollIntoViewIfNeeded();
    await expect
      .poll(() => tile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 15_000,
      })
      .toBe(480);

    // With the keyboard: the tile takes focus and Space chooses it.
    await tile.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('true');
    await picker.getByText('Décor choisi : Studio, fond uni').waitFor();
    await expectNoAxeViolations(page, 'the context picker on our scenes, one chosen');
    await page.screenshot({ path: `${ARTIFACTS}/scenes-picker-1280.png`, fullPage: true });
    await picker.screenshot({ path: `${ARTIFACTS}/scenes-picker-group-1280.png` });

    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await page.getByText('Image sélectionnée\u00a0!', { exact: true }).waitFor({ timeout: 180_000 });
    await expect.poll(async () => (await history(page)).items.length, { timeout: 60_000 }).toBe(1);
    const [made] = (await history(page)).items;
    expect(made!.settings).toMatchObject({ mode: 'fusion', sceneId: 'studio-sweep', contextUploadId: null });
    await page.screenshot({ path: `${ARTIFACTS}/scenes-result-1280.png`, fullPage: true });

    // Generate again: the form comes back on the scenes, with the scene selected.
    await page.getByRole('link', { name: 'Générer à nouveau avec ces réglages' }).click();
    const again = contextGroup(page, 'Image de contexte').getByRole('button', {
      name: 'Studio, fond uni',
      exact: true,
    });
    await expect.poll(() => again.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
    await page.getByText('Image prête', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await expect.poll(async () => (await history(page)).items.length, { timeout: 180_000 }).toBe(2);
    expect((await history(page)).items[0]!.settings).toMatchObject({ sceneId: 'studio-sweep' });
  }, 420_000);

  it('in English at 390 px: the tiles are named and fit the screen, a CC BY photo is credited, and a choice can be undone', async () => {
    const phone = await phoneContext(browser, { locale: 'en-US', baseURL: app.url, signedIn: context });
    try {
      const p = await phone.newPage();
      await p.goto('/dashboard');
      await p.evaluate(() => localStorage.setItem('dashboardLanguage', 'en'));
      await p.goto('/dashboard');
      const picker = contextGroup(p, 'Context image');
      await picker.getByRole('button', { name: 'Our scenes' }).tap();
      const tile = picker.getByRole('button', { name: 'Granite ledge by a river', exact: true });
      await tile.tap();
      await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('true');
      await picker.getByText('Scene chosen: Granite ledge by a river').waitFor();
      // A CC BY photo is credited where it is chosen.
      await picker.getByText('Photo: Nataniel Ruiz (DreamBooth dataset, Google), CC-BY-4.0').waitFor();
      // No tile is wider than the screen.
      const widest = await picker
        .locator('[data-scene-id]')
        .evaluateAll((buttons) => Math.max(...buttons.map((b) => b.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(390);
      await p.screenshot({ path: `${ARTIFACTS}/scenes-picker-390.png`, fullPage: true });

      await picker.getByRole('button', { name: /^Remove the scene Granite ledge by a river/ }).tap();
      await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('false');
      await picker.getByText('No good background photo? Choose one of our scenes.').waitFor();
    } finally {
      await phone.close();
    }
  }, 120_000);
});
