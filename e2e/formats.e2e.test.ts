/**
 * The feed post 4:5, the pin 2:3 and the marketplace image in the browser (decision 059): each format
 * is offered under its own name in both modes and both languages, the marketplace image's note says
 * its text and scene are not used, and a marketplace image made from the form with the product alone
 * (no context image) is 2000 x 2000.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { productJpeg } from '../apps/server/test/helpers/sample-images';
import { newContext } from './browser';
import { appAndBrowser } from './started';
import { signedInUser } from './session';
import { bytesOf, historyOf } from './share-sheet';
import { phoneContext } from './touch';
import { pick } from './pick-file';

const started = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fs.mkdirSync('e2e/.artifacts', { recursive: true });
  context = await newContext(started.browser, 'fr-FR', started.app.url);
  page = await context.newPage();
  await signedInUser(page, 'formats@example.test', { firstName: 'Inès', lastName: 'Marchand' });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

/** The Express format select's options, once the form is there. */
async function optionsOf(p: Page) {
  const select = p.getByRole('combobox', { name: /^Format/ });
  await select.waitFor();
  return select.locator('option').evaluateAll((options) => options.map((o) => o.textContent?.trim()));
}

describe('the new formats in the browser', () => {
  it('Fusion offers 4:5, 2:3 and the marketplace image by name; the marketplace image, with its note, is made from the product alone at 2000 x 2000', async () => {
    await page.goto('/dashboard');
    await page.getByRole('radio', { name: 'Carré 1:1', exact: true }).waitFor();
    for (const name of [
      'Portrait 3:4',
      'Fil d’actualité 4:5',
      'Pinterest 2:3',
      'Marketplace (fond blanc) 1:1',
    ])
      expect(await page.getByRole('radio', { name, exact: true }).count(), name).toBe(1);
    const note = page.getByRole('note').filter({ hasText: 'Image marketplace' });
    expect(await note.count()).toBe(0);
    await page
      .locator('label')
      .filter({ has: page.getByText('Marketplace (fond blanc)', { exact: true }) })
      .click();
    await note.waitFor();
    expect(await note.textContent()).toContain('ne sont pas utilisés pour ce format');

    // The product alone: the marketplace image needs no context image.
    await pick(page, 'Image du produit', 'bouteille.jpg', await productJpeg());
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    await page.getByRole('textbox', { name: /^Slogan principal/ }).fill('Soldes d’hiver');
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await page.getByText('Image générée\u00a0!', { exact: true }).first().waitFor({ timeout: 120_000 });
    await page.screenshot({ path: 'e2e/.artifacts/marketplace-result.png', fullPage: true });
    const [result] = await historyOf(page);
    const meta = await sharp(await bytesOf(page, result!.images[0]!.url)).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 2000]);

    // Made again with the same settings: the format is kept, and no context image is said to be gone.
    await page.getByRole('link', { name: 'Générer à nouveau avec ces réglages' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Marketplace (fond blanc) 1:1', exact: true }).isChecked())
      .toBe(true);
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await page.getByText(/L’image de contexte de cette génération/).count()).toBe(0);
    await page.getByRole('button', { name: 'Générer mon image' }).waitFor();
  }, 180_000);

  it('Express offers the feed post 4:5 and the pin 2:3, and no marketplace image (it needs a product)', async () => {
    await page.goto('/dashboard/express');
    const options = await optionsOf(page);
    expect(options).toEqual(
      expect.arrayContaining(['Fil d’actualité 4:5', 'Pinterest 2:3', 'Publication 16:9']),
    );
    expect(options.some((o) => o?.startsWith('Marketplace'))).toBe(false);
  });

  it('in English at 390 px: the eight format tiles are named and fit the screen', async () => {
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
      await p.getByRole('radio', { name: 'Square 1:1', exact: true }).waitFor();
      for (const name of [
        'Portrait 3:4',
        'Feed post 4:5',
        'Pinterest 2:3',
        'Marketplace (white background) 1:1',
      ])
        expect(await p.getByRole('radio', { name, exact: true }).count(), name).toBe(1);
      const tiles = p.getByRole('radiogroup', { name: /^Format/ }).locator('label');
      expect(await tiles.count()).toBe(8);
      const widest = await tiles.evaluateAll((labels) =>
        Math.max(...labels.map((label) => label.getBoundingClientRect().right)),
      );
      expect(widest).toBeLessThanOrEqual(390);
      await p.screenshot({ path: 'e2e/.artifacts/formats-390.png', fullPage: true });
      await p.goto('/dashboard/express');
      expect(await optionsOf(p)).toEqual(
        expect.arrayContaining(['Feed post 4:5', 'Pinterest 2:3', 'Post 16:9']),
      );
    } finally {
      await phone.close();
    }
  }, 120_000);
});
