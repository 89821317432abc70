/**
 * What the Fusion page says about a cut-out, in a real browser: a portrait photo shown whole; a photo
 * with nothing to cut out; a cut-out in several pieces; one the engine was unsure of; English and a
 * 390-pixel-wide phone with touch gestures.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LOOK_CLOSER_BELOW } from '@vitrine/shared/api/cutout';
import { spreadFingers } from './touch';
import { BOTTLE, CUP, lowerTier, pick, productUploadId, serverView, signedInCutoutPage } from './cutout-page';
import { anotherCopy, twoProductsJpeg } from '../apps/server/test/helpers/sample-images';

const session = signedInCutoutPage('detourage-avis@example.test');
let page: Page;
let context: BrowserContext;
beforeAll(() => ({ page, context } = session));

describe('what the Fusion page says about the product cut-out', () => {
  it('shows a portrait photo whole, its cut-out and the photo itself, with nothing clipped', async () => {
    await page.goto('/dashboard');
    await pick(page, 'Image du produit', 'bouteille.jpg', 'image/jpeg', BOTTLE);
    const panel = page.getByRole('region', { name: 'Détourage du produit' });
    await panel.getByText('Produit détouré automatiquement', { exact: false }).waitFor({ timeout: 30_000 });
    const frame = panel.locator('[aria-busy]');
    const inside = async (name: RegExp) => {
      const image = panel.getByRole('img', { name });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const outer = (await frame.boundingBox())!;
      const box = (await image.boundingBox())!;
      // object-fit: contain draws the whole picture within the element's box.
      expect(box.x).toBeGreaterThanOrEqual(outer.x - 1);
      expect(box.y).toBeGreaterThanOrEqual(outer.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(outer.y + outer.height + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
      expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    };
    await inside(/^Produit détouré/);
    // On a phone, the correction dialog of a tall photo keeps Apply and Done in sight.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: 'Corriger le détourage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Corriger le détourage' });
    await dialog.waitFor();
    for (const name of ['Appliquer', 'Terminer']) {
      const button = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(button.y + button.height, name).toBeLessThanOrEqual(844);
    }
    await page.screenshot({ path: 'e2e/.artifacts/cutout-editor-portrait-390.png' });
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByRole('button', { name: 'Utiliser la photo entière' }).click();
    await panel.getByText('La photo entière sera utilisée', { exact: false }).waitFor();
    await inside(/^Photo du produit, entière/);
    await panel.screenshot({ path: 'e2e/.artifacts/cutout-portrait-whole.png' });
  }, 60_000);

  it('says so when it cannot find a product, rather than framing the photo silently', async () => {
    const planks = Array.from(
      { length: 30 },
      (_, i) => `<rect x="0" y="${i * 20}" width="800" height="12" fill="${['#a0703f', '#8c5e33'][i % 2]}"/>`,
    ).join('');
    const table = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#9a6a3c"/>${planks}</svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
    await page.goto('/dashboard');
    await pick(page, 'Image du produit', 'table.jpg', 'image/jpeg', table);
    // Nothing found: the page says the photo will be framed, asks for a box, and offers no empty
    // cut-out to use anyway.
    await page.getByText('Aucun produit n’a été repéré', { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByText('sera présentée entière, dans un cadre', { exact: false }).first().waitFor();
    const panel = page.getByRole('region', { name: 'Détourage du produit' });
    expect(await panel.getByRole('button', { name: 'Corriger le détourage' }).count()).toBe(1);
    expect(await panel.getByRole('button', { name: /quand même/ }).count()).toBe(0);
  }, 60_000);

  it('points out a cut-out in several pieces: one may not be the product', async () => {
    const two = await twoProductsJpeg();
    await page.goto('/dashboard');
    await pick(page, 'Image du produit', 'deux.jpg', 'image/jpeg', two);
    const panel = page.getByRole('region', { name: 'Détourage du produit' });
    const warning = panel.getByText('Le détourage compte 2 morceaux séparés', { exact: false });
    await warning.waitFor({ timeout: 30_000 });
    // It takes the place of the general "check it".
    expect(await panel.getByText('Vérifiez-le', { exact: false }).count()).toBe(0);
    await panel.screenshot({ path: 'e2e/.artifacts/cutout-pieces.png' });
  }, 60_000);

  it('asks for a closer look at a cut-out the engine was unsure of (decision 105)', async () => {
    await page.goto('/dashboard');
    await pick(page, 'Image du produit', 'plantes.jpg', 'image/jpeg', await lowerTier());
    const panel = page.getByRole('region', { name: 'Détourage du produit' });
    const warning = panel.getByText('Vérifiez-le de près', { exact: false });
    await warning.waitFor({ timeout: 30_000 });
    expect(await panel.locator('[data-cutout-hint="unsure"]').count()).toBe(1);
    const view = await serverView(page, await productUploadId(page));
    expect(view).toMatchObject({ choice: 'auto', framed: false, method: 'model' });
    expect(view.confidence).toBeLessThan(LOOK_CLOSER_BELOW);
    await panel.screenshot({ path: 'e2e/.artifacts/cutout-unsure.png' });
  }, 60_000);

  it('speaks English, and fits a 390-pixel-wide phone', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    // Other bytes than the cup of the editor's tests (cutout.e2e.test.ts), as a new upload would be.
    await pick(page, 'Product image', 'cup.png', 'image/png', anotherCopy(CUP, 1));
    const panel = page.getByRole('region', { name: 'Product cut-out' });
    await panel.getByText('Product cut out automatically', { exact: false }).waitFor({ timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/.artifacts/cutout-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.getByRole('button', { name: 'Correct the cut-out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the cut-out' });
    await dialog.waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/cutout-editor-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Touch: two fingers spread apart zoom the photo in (precise strokes on a small screen), and draw
    // nothing.
    await dialog.getByRole('button', { name: 'Keep' }).click();
    const fitted = (await page.locator('dialog svg.cursor-crosshair').boundingBox())!;
    const middle = { x: fitted.x + fitted.width / 2, y: fitted.y + fitted.height / 2 };
    await spreadFingers(context, page, middle, [20, 35, 50, 60]);
    await expect
      .poll(async () => (await page.locator('dialog svg.cursor-crosshair').boundingBox())!.width)
      .toBeGreaterThan(fitted.width * 2);
    await dialog.getByText('300%').waitFor();
    expect(await dialog.locator('svg polyline').count()).toBe(0);
    await page.screenshot({ path: 'e2e/.artifacts/cutout-editor-zoomed-390.png' });
    // One finger paints a keep stroke (pointer events from a touch screen) on the zoomed photo.
    const layer = (await page.locator('dialog svg.cursor-crosshair').boundingBox())!;
    const touch = await context.newCDPSession(page);
    const at = (fx: number, fy: number) => [
      { x: layer.x + fx * layer.width, y: layer.y + fy * layer.height },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.4, 0.4) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.5, 0.45) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.6, 0.5) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => dialog.locator('svg polyline').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    // "Done" with a stroke not applied yet applies it, then closes: nothing drawn is dropped.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/cutout') && r.request().method() === 'PUT'),
      dialog.getByRole('button', { name: 'Done' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const stored = await serverView(page, /\/api\/uploads\/([0-9a-f-]{36})\/cutout/.exec(saved.url())![1]!);
    expect(stored).toMatchObject({ choice: 'cutout', method: 'corrected' });
    expect(stored.corrections?.strokes.map((s) => s.kind)).toEqual(['keep']);
  }, 120_000);
});
