/**
 * Checking and correcting the product's cut-out on the Fusion page, in a real browser: the cut-out of a
 * cup photographed on a wooden table appears on its own after the upload, on a checkerboard and on the
 * chosen background; a box drawn with the mouse and a remove stroke (undone) in the editor; the whole
 * photo chosen and the cut-out taken back; the editor's own checks. What the page warns of is in
 * cutout-warnings.e2e.test.ts.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import type { CutoutView } from '@vitrine/shared/api/cutout';
import { expectNoAxeViolations } from './axe';
import {
  CUP,
  SHELF,
  drag,
  openEditor,
  pick,
  productUploadId,
  sent,
  serverView,
  statusBackground,
  signedInCutoutPage,
} from './cutout-page';

const session = signedInCutoutPage('detourage@example.test');
let page: Page;
beforeAll(() => ({ page } = session));

describe('the product cut-out on the Fusion page', () => {
  let id: string;

  it('appears on its own after the upload, on a checkerboard and on the chosen background', async () => {
    await page.goto('/dashboard');
    await pick(page, 'Image du produit', 'tasse.png', 'image/png', CUP);
    const panel = page.getByRole('region', { name: 'Détourage du produit' });
    await panel.getByText('Produit détouré automatiquement', { exact: false }).waitFor({ timeout: 30_000 });
    // Found by the engine, not yet looked at: a plain line, not the green of a cut-out the user checked.
    expect(await statusBackground(page)).toBe('rgb(255, 255, 255)');
    const preview = panel.getByRole('img', { name: 'Produit détouré\u00a0: tasse.png' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    id = await productUploadId(page);
    expect(await serverView(page, id)).toMatchObject({ choice: 'auto', framed: false, method: 'model' });
    // Untouched, the user is asked to check it.
    await panel.getByText('Vérifiez-le', { exact: false }).waitFor();

    // "On your background" needs a context photo; then it draws the cut-out on it.
    expect(await panel.getByRole('button', { name: 'Sur votre fond' }).isDisabled()).toBe(true);
    await pick(page, 'Image de contexte', 'etagere.jpg', 'image/jpeg', SHELF);
    await expect
      .poll(() => panel.getByRole('button', { name: 'Sur votre fond' }).isDisabled(), { timeout: 30_000 })
      .toBe(false);
    await panel.getByRole('button', { name: 'Sur votre fond' }).click();
    const composed = panel.getByRole('img', { name: /posé sur votre image de contexte/ });
    await composed.waitFor();
    // The canvas holds the drawing: not blank.
    await expect
      .poll(() =>
        composed.evaluate((canvas: HTMLCanvasElement) => {
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let sum = 0;
          for (let i = 0; i < data.length; i += 400) sum += data[i]!;
          return sum;
        }),
      )
      .toBeGreaterThan(0);
    await panel.screenshot({ path: 'e2e/.artifacts/cutout-on-background.png' });
  }, 120_000);

  it('is corrected with a box drawn with the mouse; a remove stroke is undone', async () => {
    const dialog = await openEditor(page);
    expect(await dialog.getByRole('button', { name: 'Cadre' }).getAttribute('aria-pressed')).toBe('true');
    // At 1280×800 the whole photo shows above the buttons at the dialog's foot, nothing scrolled.
    await expect
      .poll(() =>
        dialog.evaluate(
          (element) =>
            element.querySelector('canvas')!.getBoundingClientRect().bottom -
            element.querySelector('.sticky')!.getBoundingClientRect().top,
        ),
      )
      .toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'the cut-out correction dialog');
    await drag(page, [0.08, 0.08], [0.92, 0.95]);
    const response = await sent(page, id, dialog, 'Appliquer');
    expect(response.status()).toBe(200);
    // Said in the editor itself: a notice of the page would show behind the dialog.
    await dialog.getByRole('status').filter({ hasText: 'Détourage mis à jour' }).waitFor();
    const corrected = await serverView(page, id);
    expect(corrected).toMatchObject({ choice: 'cutout', framed: false, method: 'corrected' });
    expect(corrected.corrections?.box?.width).toBeGreaterThan(0.7);
    await page.screenshot({ path: 'e2e/.artifacts/cutout-editor-box.png' });

    // A remove stroke, then Ctrl+Z: nothing new to apply.
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    await drag(page, [0.3, 0.5], [0.5, 0.55]);
    expect(await dialog.getByRole('button', { name: 'Appliquer' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Retirer' }).press('Control+z');
    await expect.poll(() => dialog.getByRole('button', { name: 'Appliquer' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await page.getByText('Détourage corrigé par vos soins', { exact: false }).waitFor();
    expect(await statusBackground(page)).not.toBe('rgb(255, 255, 255)');
  }, 120_000);

  it('shows a stroke on the cut-out while it is drawn, and the server keeps what was shown (issue 35)', async () => {
    // A point well inside the product, from the server's mask.
    const view = await serverView(page, id);
    const { data, info } = await sharp(await (await page.request.get(view.maskUrl!)).body())
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++)
        if (data[y * info.width + x]! >= 128) {
          sx += x;
          sy += y;
          n++;
        }
    const [cx, cy] = [(sx / n + 0.5) / info.width, (sy / n + 0.5) / info.height];
    expect(data[Math.floor(cy * info.height) * info.width + Math.floor(cx * info.width)]).toBe(255);

    const dialog = await openEditor(page);
    const canvas = dialog.locator('canvas');
    const pixel = () =>
      canvas.evaluate(
        (element: HTMLCanvasElement, [fx, fy]) =>
          Array.from(
            element
              .getContext('2d')!
              .getImageData(Math.floor(fx! * element.width), Math.floor(fy! * element.height), 1, 1).data,
          ),
        [cx, cy],
      );
    await expect.poll(async () => (await pixel())[3]).toBe(255);
    const before = await pixel();
    // Kept: the photo as it is (no veil).
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    const layer = page.locator('dialog svg.cursor-crosshair');
    const box = (await layer.boundingBox())!;
    await page.mouse.move(box.x + (cx - 0.06) * box.width, box.y + cy * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + (cx + 0.06) * box.width, box.y + cy * box.height, { steps: 8 });
    // Still drawing, nothing sent: the point is already veiled as removed.
    const veiled = [before[0]! * 0.35 + 40, before[1]! * 0.35 + 20, before[2]! * 0.35 + 70];
    await expect
      .poll(async () => (await pixel()).slice(0, 3).every((v, c) => Math.abs(v - veiled[c]!) <= 2))
      .toBe(true);
    await page.screenshot({ path: 'e2e/.artifacts/cutout-stroke-preview.png' });
    await page.mouse.up();
    // The new masks arrive late, as on a slow network: the stroke stays shown meanwhile.
    await page.route(/\/cutout\/(base|mask)\.png/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    let response: Response;
    try {
      response = await sent(page, id, dialog, 'Appliquer');
      expect(response.status()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await pixel()).slice(0, 3).every((v, c) => Math.abs(v - veiled[c]!) <= 2)).toBe(true);
    } finally {
      // Waits for the delayed answers still held: one continued after its route was removed throws.
      await page.unrouteAll({ behavior: 'wait' });
    }
    const applied = (await response.json()) as CutoutView;
    const mask = await sharp(await (await page.request.get(applied.maskUrl!)).body())
      .extractChannel(0)
      .raw()
      .toBuffer();
    expect(mask[Math.floor(cy * info.height) * info.width + Math.floor(cx * info.width)]).toBe(0);
    // The editor shows the server's mask now, the same at that point.
    expect((await pixel()).slice(0, 3).every((v, c) => Math.abs(v - veiled[c]!) <= 2)).toBe(true);
    // Undone, the point shows kept again at once; applied, the server agrees.
    await dialog.getByRole('button', { name: 'Retirer' }).press('Control+z');
    await expect.poll(async () => (await pixel()).slice(0, 3)).toEqual(before.slice(0, 3));
    expect((await sent(page, id, dialog, 'Appliquer')).status()).toBe(200);
    expect((await serverView(page, id)).corrections?.strokes).toEqual([]);
    await dialog.getByRole('button', { name: 'Terminer' }).click();
  }, 120_000);

  it('the whole photo can be chosen instead, and the cut-out taken back', async () => {
    await page.getByRole('button', { name: 'Utiliser la photo entière' }).click();
    await page.getByText('La photo entière sera utilisée', { exact: false }).waitFor();
    expect((await serverView(page, id)).choice).toBe('whole');
    // The user has decided: no more "if you do nothing, the automatic cut-out is used".
    expect(await page.getByText('Sans intervention de votre part', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Revenir au détourage' }).click();
    await page.getByText('Détourage corrigé par vos soins', { exact: false }).waitFor();
    expect(await serverView(page, id)).toMatchObject({ choice: 'cutout', framed: false });
  }, 60_000);

  it('a keyboard user draws a box: Enter shows it, arrows move it, Shift and arrows resize it, Enter sets it', async () => {
    const before = (await serverView(page, id)).corrections!.box!;
    const dialog = await openEditor(page);
    const area = dialog.getByRole('application', { name: 'Zone de dessin' });
    // Reached with Tab, like every control of the dialog.
    for (let i = 0; i < 12 && !(await area.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await area.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByText('les flèches le déplacent', { exact: false }).waitFor();
    const boxes = dialog.locator('svg rect');
    const drawn = await boxes.count();
    await page.keyboard.press('Enter');
    expect(await boxes.count()).toBe(drawn + 1);
    // Escape puts the box away and leaves the dialog open; so does leaving the area without Enter.
    await page.keyboard.press('Escape');
    expect(await boxes.count()).toBe(drawn);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await boxes.count()).toBe(drawn);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Cadre ajouté' }).waitFor();
    const response = await sent(page, id, dialog, 'Appliquer');
    expect(response.status()).toBe(200);
    const box = (await serverView(page, id)).corrections!.box!;
    expect(box.x).toBeCloseTo(Math.min(1 - before.width, before.x + 0.04), 3);
    expect(box.width).toBeCloseTo(before.width, 3);
    expect(box.height).toBeCloseTo(before.height - 0.02, 3);
    // The box drawn before is still on screen, faint: only the last counts.
    const opacities = await boxes.evaluateAll((rects) => rects.map((r) => r.getAttribute('stroke-opacity')));
    expect(opacities.at(-1)).toBe('1');
    expect(opacities.slice(0, -1).every((o) => o === '0.35')).toBe(true);
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('a stroke painted past the edge of the photo is cut off there, not drawn along the edge', async () => {
    const dialog = await openEditor(page);
    await dialog.getByRole('button', { name: 'Garder' }).click();
    const layer = (await page.locator('dialog svg.cursor-crosshair').boundingBox())!;
    const at = (fx: number, fy: number) =>
      page.mouse.move(layer.x + fx * layer.width, layer.y + fy * layer.height, { steps: 8 });
    await at(0.6, 0.6);
    await page.mouse.down();
    await at(0.9, 0.6);
    await at(1.25, 0.6);
    await at(1.25, 0.2);
    await at(0.8, 0.2);
    await page.mouse.up();
    const response = await sent(page, id, dialog, 'Appliquer');
    expect(response.status()).toBe(200);
    const strokes = (await serverView(page, id)).corrections!.strokes;
    // Two strokes: in up to the edge, and back in from it; no point on the right edge between them.
    expect(strokes).toHaveLength(2);
    const points = strokes.flatMap((stroke) => stroke.points);
    expect(points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1)).toBe(true);
    expect(points.some(([x, y]) => x > 0.99 && y > 0.25 && y < 0.55)).toBe(false);
    expect(Math.max(...strokes[0]!.points.map(([x]) => x))).toBeGreaterThan(0.99);
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('in the editor: a box too small, marks kept when it is closed, and the automatic result asked twice', async () => {
    let dialog = await openEditor(page);
    // A click is no box, and says nothing; a box too small to mean anything says so, in the dialog.
    const layer = (await page.locator('dialog svg.cursor-crosshair').boundingBox())!;
    await page.mouse.click(layer.x + layer.width / 2, layer.y + layer.height / 2);
    expect(await dialog.getByRole('alert').textContent()).toBe('');
    await drag(page, [0.5, 0.5], [0.503, 0.503], 2);
    await dialog.getByRole('alert').filter({ hasText: 'Le cadre est trop petit' }).waitFor();
    // A remove stroke not applied, then the dialog closed with Escape: it is there when it reopens.
    await dialog.getByRole('button', { name: 'Retirer' }).click();
    await drag(page, [0.3, 0.4], [0.4, 0.45]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await openEditor(page);
    expect(await dialog.getByRole('button', { name: 'Appliquer' }).isEnabled()).toBe(true);
    expect(await dialog.locator('polyline[stroke="#f43f5e"]').count()).toBe(1);
    // Back to the automatic result would clear the corrections: the first click asks.
    const reset = dialog.getByRole('button', { name: 'Revenir au résultat automatique' });
    await reset.click();
    await dialog.getByRole('status').filter({ hasText: 'Cliquez à nouveau pour confirmer' }).waitFor();
    expect((await serverView(page, id)).choice).toBe('cutout');
    const response = await sent(page, id, dialog, 'Confirmer\u00a0: revenir au résultat automatique');
    expect(response.status()).toBe(200);
    expect(await serverView(page, id)).toMatchObject({ choice: 'auto', corrections: null });
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Whole photo, then back: the automatic result again, still to be checked (not "accepted").
    await page.getByRole('button', { name: 'Utiliser la photo entière' }).click();
    await page.getByText('La photo entière sera utilisée', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Revenir au détourage' }).click();
    await page.getByText('Vérifiez-le', { exact: false }).waitFor();
    expect((await serverView(page, id)).choice).toBe('auto');
    // Its line says what was done, with no confidence figure that would read as a promise.
    const line = page.getByRole('region', { name: 'Détourage du produit' }).getByRole('status').first();
    expect(await line.textContent()).toBe('Produit détouré automatiquement.');
  }, 120_000);
});
