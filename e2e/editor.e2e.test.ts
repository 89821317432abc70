/**
 * The image editor in the browser: opened from the result panel (and back), a logo uploaded and
 * resized, two texts added, one dragged, zoom, undo and redo, the final PNG at the result's exact size
 * (made by the server), the layers found again from History, the blank-text refusal, the
 * keyboard, the main image and logo load failures; then in English on a 390-pixel phone with touch.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EditorDocumentResponse } from '@vitrine/shared/api/editor';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { phoneContext } from './touch';
import { expectNoAxeViolations } from './axe';
import { signedInUser } from './session';

const ARTIFACTS = 'e2e/.artifacts';
const LOGO_RGB = { r: 225, g: 29, b: 72 };

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let logoPng: Buffer;
/** How many text layers the result opened with (its slogan and tagline, decision 046). */
let generated = 0;
/** The layers panel's heading with `n` texts added to the generated ones. */
const textsHeading = (n: number) => `Textes (${generated + n})`;

/** A 300×150 logo: a red rounded box on transparency. */
function makeLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect x="4" y="4" width="292" height="142" rx="28" fill="rgb(${LOGO_RGB.r},${LOGO_RGB.g},${LOGO_RGB.b})"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function expectText(p: Page, text: string | RegExp, timeout = 30_000) {
  await p
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ state: 'visible', timeout });
}

/** The saved document of image 0 of a result, as the server holds it. */
async function savedDocument(p: Page, resultId: string) {
  const res = await p.request.get(`/api/generations/${resultId}/edit?image=0`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as EditorDocumentResponse).document;
}

async function latestResult(p: Page) {
  const history = (await (await p.request.get('/api/history')).json()) as HistoryResponse;
  return history.items[0]!;
}

async function rawPixels(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Waits until the preview has been redrawn (the top bar's spinner is gone). */
async function settled(p: Page, label: string) {
  await expect.poll(() => p.getByRole('status', { name: label, exact: true }).count()).toBe(0);
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [app, browser, logoPng] = await Promise.all([startApp(), launchBrowser(), makeLogo()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await signedInUser(page, 'editeur@example.test', { firstName: 'Lou', lastName: 'Martin' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('editor in French on a desktop', () => {
  it('opens from the result panel, adds and resizes a logo, adds two texts, drags, zooms, undoes and exports', async () => {
    await page.goto('/dashboard/express');
    await page.getByRole('combobox', { name: /^Style/ }).selectOption({ label: 'Naturel' });
    const format = page.getByRole('combobox', { name: /^Format/ });
    const post = await format.locator('option', { hasText: 'Publication' }).getAttribute('value');
    await format.selectOption(post!);
    await page.getByRole('button', { name: 'Générer mon visuel' }).click();
    await expectText(page, 'Image sélectionnée\u00a0!', 120_000);
    const result = await latestResult(page);
    const { width, height } = result.images[0]!;

    // Result view ⇄ editor view.
    // "Ajouter un logo" opens the editor on the logo's panel, ready for the file.
    await page.getByRole('button', { name: 'Ajouter un logo' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Outils de l’éditeur' });
    await toolbar.waitFor();
    await page.getByLabel('Importer un logo').waitFor({ state: 'attached' });
    await toolbar.getByRole('button', { name: 'Retour' }).click();
    await expectText(page, 'Image sélectionnée\u00a0!');
    await page.getByRole('button', { name: 'Ajouter un logo' }).click();
    await page.locator('canvas').waitFor();
    expect(await page.locator('canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([
      width,
      height,
    ]);
    await expectNoAxeViolations(page, 'the image editor');
    // The result opens with its own texts as layers, over its text-free plate.
    const opened = await savedDocument(page, result.id);
    generated = opened.texts.length;
    expect(opened.texts.every((text) => text.source)).toBe(true);

    // A logo through the upload API (role 'logo'), then 30 % with the slider's arrow keys.
    await page
      .getByLabel('Importer un logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
    const slider = page.getByRole('slider', { name: 'Taille du logo' });
    await slider.waitFor({ timeout: 30_000 });
    expect(await slider.inputValue()).toBe('20');
    await slider.focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('30');
    await expectText(page, 'Logo · 30\u00a0%');

    // Two texts; the first one is dragged a quarter of the width to the right.
    await toolbar.getByRole('button', { name: 'Nouveau texte' }).click();
    await page.getByRole('textbox', { name: 'Texte' }).fill('Soldes d’été');
    await page.getByRole('button', { name: 'Ajouter le texte' }).click();
    await expectText(page, textsHeading(1));
    await settled(page, 'Mise à jour de l’aperçu…');
    const box = (await page.locator('canvas').boundingBox())!;
    // A new text starts in the lower band, at 85 % of the height.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.85);
    await page.mouse.down();
    for (let i = 1; i <= 5; i += 1) {
      await page.mouse.move(box.x + box.width * (0.5 + 0.05 * i), box.y + box.height * 0.85);
      await page.waitForTimeout(70);
    }
    await page.mouse.up();
    await toolbar.getByRole('button', { name: 'Nouveau texte' }).click();
    await page.getByRole('textbox', { name: 'Texte' }).fill('Livraison offerte');
    await page.getByText('Italique', { exact: true }).click();
    await page.getByRole('button', { name: 'Ajouter le texte' }).click();
    await expectText(page, textsHeading(2));
    await expect
      .poll(
        async () =>
          (await savedDocument(page, result.id)).texts
            .filter((t) => !t.source)
            .map((t) => [t.text, Math.round(t.x)]),
        { timeout: 15_000 },
      )
      .toEqual([
        ['Soldes d’été', 75],
        ['Livraison offerte', 50],
      ]);
    const saved = await savedDocument(page, result.id);
    expect(saved.logo).toMatchObject({ x: 50, y: 50, size: 30 });
    expect(saved.texts.filter((t) => !t.source)[1]).toMatchObject({
      fontWeight: 'italic',
      fontSize: 24,
      color: '#ffffff',
    });

    // Zoom: the label follows; the canvas's pixels do not change.
    await toolbar.getByRole('button', { name: 'Zoom avant' }).click();
    await toolbar.getByRole('button', { name: 'Zoom avant' }).click();
    await expectText(page, '140\u00a0%');
    const zoomed = (await page.locator('canvas').boundingBox())!;
    expect(zoomed.width).toBeCloseTo(box.width * 1.4, 0);

    // Undo removes the second text, redo brings it back.
    await toolbar.getByRole('button', { name: 'Annuler' }).click();
    await expectText(page, textsHeading(1));
    await toolbar.getByRole('button', { name: 'Rétablir' }).click();
    await expectText(page, textsHeading(2));
    await page
      .getByRole('region', { name: 'Éditeur d’image' })
      .screenshot({ path: `${ARTIFACTS}/editor-1280.png` });

    // Download final: a PNG at the result's size, made by the server (the engine sets the texts).
    await page.getByRole('application', { name: 'Aperçu du visuel avec ses calques' }).focus();
    await page.keyboard.press('Escape');
    await settled(page, 'Mise à jour de l’aperçu…');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: 'Télécharger le visuel final' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('promotional image with logo.png');
    const file = fs.readFileSync(await download.path());
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    const exported = await rawPixels(file);
    // The logo (30 % × 0.3 of the width, half as tall) is centred; the texts cross its middle, so its
    // red is read above them, at 42 % of its half-height.
    const logoHeight = (0.3 * 0.3 * width) / 2;
    const row = Math.round(height / 2 - 0.42 * logoHeight);
    const middle = (row * width + Math.floor(width / 2)) * 4;
    expect([...exported.data.subarray(middle, middle + 3)]).toEqual([LOGO_RGB.r, LOGO_RGB.g, LOGO_RGB.b]);
    // Where the model puts it, against a reference drawn from the model's geometry: the logo's red box
    // (4 px of transparency around it in the 300-px file) within 2 px on every side.
    const logoWidth = 0.3 * 0.3 * width;
    const reference = {
      left: width / 2 - logoWidth / 2 + (logoWidth * 4) / 300,
      right: width / 2 + logoWidth / 2 - (logoWidth * 4) / 300,
      top: height / 2 - logoHeight / 2 + (logoHeight * 4) / 150,
      bottom: height / 2 + logoHeight / 2 - (logoHeight * 4) / 150,
    };
    const red = { left: width, right: -1, top: height, bottom: -1 };
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        const d = exported.data;
        if (
          Math.abs(d[i]! - LOGO_RGB.r) > 12 ||
          Math.abs(d[i + 1]! - LOGO_RGB.g) > 12 ||
          Math.abs(d[i + 2]! - LOGO_RGB.b) > 12
        )
          continue;
        red.left = Math.min(red.left, x);
        red.right = Math.max(red.right, x + 1);
        red.top = Math.min(red.top, y);
        red.bottom = Math.max(red.bottom, y + 1);
      }
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(Math.abs(red[side] - reference[side]), side).toBeLessThanOrEqual(2);
    fs.writeFileSync(`${ARTIFACTS}/editor-export.png`, file);
  }, 240_000);

  it('finds every layer again from History’s Edit, with download with logo', async () => {
    await page.goto('/dashboard/history');
    await page
      .getByRole('button', { name: /^Modifier/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('toolbar').waitFor();
    await expectText(page, textsHeading(2));
    await expectText(page, 'Logo · 30\u00a0%');
    // Opened from History, nothing is selected: the panel says what to do.
    await expectText(page, 'Sélectionnez un calque ou ajoutez un élément');
    await dialog.getByRole('button', { name: 'Sélectionner le texte «\u00a0Soldes d’été\u00a0»' }).waitFor();
    await dialog.getByRole('button', { name: 'Télécharger avec logo' }).waitFor();
    await dialog.getByRole('button', { name: 'Retour' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }, 60_000);

  it('refuses a blank text: Add is disabled and Enter shows "Texte requis"', async () => {
    await page
      .getByRole('button', { name: /^Modifier/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Nouveau texte' }).click();
    const field = page.getByRole('textbox', { name: 'Texte' });
    await field.fill('   ');
    expect(await page.getByRole('button', { name: 'Ajouter le texte' }).isDisabled()).toBe(true);
    await field.press('Enter');
    await expectText(page, 'Texte requis');
    await expectText(page, 'Veuillez saisir un texte avant d’ajouter');
    // The notice shows over the editor's dialog, not hidden behind it and its backdrop.
    const notice = page.getByRole('alert').filter({ hasText: 'Texte requis' });
    const onTop = await notice.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(onTop).toBe(true);
    await expectText(page, textsHeading(2));
  }, 60_000);

  it('works from the keyboard: New text, type, Enter, arrows, Delete, Ctrl+Z', async () => {
    const result = await latestResult(page);
    const toolbar = page.getByRole('toolbar');
    await toolbar.getByRole('button', { name: 'Nouveau texte' }).focus();
    await page.keyboard.press('Enter');
    // The field takes the focus: type, then Enter adds the text and selects it.
    await page.keyboard.type('Ouvert le dimanche');
    await page.keyboard.press('Enter');
    await expectText(page, textsHeading(3));
    const canvas = page.getByRole('application', { name: 'Aperçu du visuel avec ses calques' });
    await canvas.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(async () => (await savedDocument(page, result.id)).texts.at(-1), { timeout: 15_000 })
      // The third text starts in the third free spot (70 %), then moves 5 down and 10 left.
      .toMatchObject({ text: 'Ouvert le dimanche', x: 40, y: 75 });
    await page.keyboard.press('Delete');
    await expectText(page, textsHeading(2));
    await page.keyboard.press('Control+z');
    await expectText(page, textsHeading(3));
    await page.keyboard.press('Control+y');
    await expectText(page, textsHeading(2));
    await expect
      .poll(async () => (await savedDocument(page, result.id)).texts.filter((t) => !t.source).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('a main image that fails to load stops with "Impossible de charger l’image principale"; a logo that fails is left out', async () => {
    await page.goto('/dashboard/history');
    await page.route('**/api/uploads/*/file', (route) => route.abort());
    await page
      .getByRole('button', { name: /^Modifier/ })
      .first()
      .click();
    await expectText(page, 'Logo indisponible');
    await page.locator('canvas').waitFor();
    await settled(page, 'Mise à jour de l’aperçu…');
    await page.unroute('**/api/uploads/*/file');
    await page.goto('/dashboard/history');
    await page.route('**/api/images/**', (route) => route.abort());
    await page
      .getByRole('button', { name: /^Modifier/ })
      .first()
      .click();
    await expectText(page, 'Impossible de charger l’image principale');
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.getByRole('status', { name: 'Mise à jour de l’aperçu…' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Télécharger avec logo' }).isDisabled()).toBe(true);
    await page.unroute('**/api/images/**');
  }, 60_000);
});

describe('editor in English on a 390-pixel phone', () => {
  it('collapses both panels, caps the zoom at 150 %, adds a text, drags it by touch and downloads', async () => {
    const result = await latestResult(page);
    const phone = await phoneContext(browser, { locale: 'en-US', baseURL: app.url, signedIn: context });
    try {
      await phone.addInitScript(() => localStorage.setItem('dashboardLanguage', 'en'));
      const mobile = await phone.newPage();
      await mobile.goto('/dashboard/history');
      await mobile.getByRole('button', { name: /^Edit/ }).first().click();
      const toolbar = mobile.getByRole('toolbar', { name: 'Editor tools' });
      await toolbar.waitFor();
      await mobile.locator('canvas').waitFor();
      for (const name of ['Settings panel', 'Layers panel'])
        expect(await mobile.getByRole('dialog').getByRole('region', { name }).count(), name).toBe(0);
      expect(await toolbar.getByRole('button', { name: 'Layers panel' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      for (let i = 0; i < 6; i += 1) {
        const zoomIn = toolbar.getByRole('button', { name: 'Zoom in' });
        if (await zoomIn.isDisabled()) break;
        await zoomIn.tap();
      }
      await expectText(mobile, '150%');
      expect(await toolbar.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);
      for (let i = 0; i < 3; i += 1) await toolbar.getByRole('button', { name: 'Zoom out' }).tap();
      await expectText(mobile, '90%');

      await toolbar.getByRole('button', { name: 'New text' }).tap();
      // The image stays above the settings, and both fit the phone's screen at once.
      const field = (await mobile.getByRole('textbox', { name: 'Text' }).boundingBox())!;
      const picture = (await mobile.locator('canvas').boundingBox())!;
      expect(picture.y).toBeLessThan(field.y);
      expect(field.y + field.height - picture.y).toBeLessThanOrEqual(844);
      await mobile.getByRole('textbox', { name: 'Text' }).fill('Open on Sunday');
      await mobile.getByRole('button', { name: 'Add the text' }).tap();
      await toolbar.getByRole('button', { name: 'Settings panel' }).tap();
      await mobile.screenshot({ path: `${ARTIFACTS}/editor-390.png`, fullPage: true });
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The new text is selected and starts in the first spot the earlier texts left free (70 %: 85 and
      // 15 are taken): a finger on it drags it up a fifth of the height.
      await expect
        .poll(async () => (await savedDocument(mobile, result.id)).texts.at(-1), { timeout: 15_000 })
        .toMatchObject({ text: 'Open on Sunday', x: 50, y: 70 });
      const canvas = mobile.locator('canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      const touch = await phone.newCDPSession(mobile);
      const at = (fy: number) => [{ x: box.x + box.width / 2, y: box.y + fy * box.height }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.7) });
      for (const fy of [0.65, 0.6, 0.55, 0.5]) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(fy) });
        await mobile.waitForTimeout(70);
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      // Saved once moved: straight up, a fifth of the height.
      await expect
        .poll(
          async () => {
            const moved = (await savedDocument(mobile, result.id)).texts.at(-1)!;
            return [moved.text, moved.x, Math.round(moved.y)];
          },
          { timeout: 15_000 },
        )
        .toEqual(['Open on Sunday', 50, 50]);

      const [download] = await Promise.all([
        mobile.waitForEvent('download'),
        toolbar.getByRole('button', { name: 'Download with logo' }).tap(),
      ]);
      expect(download.suggestedFilename()).toBe('promotional image with logo.png');
      const meta = await sharp(fs.readFileSync(await download.path())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'png',
        result.images[0]!.width,
        result.images[0]!.height,
      ]);
    } finally {
      await phone.close();
    }
  }, 120_000);
});
