/**
 * A result's text as layers in the browser (docs/decisions/046): a fresh result opens in the editor
 * over its text-free plate with its headline as a text layer; its words are changed in the text panel,
 * and the download, set by the engine on the server, differs from the composed image where the
 * headline is, and only there.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EditorDocumentResponse } from '@vitrine/shared/api/editor';
import { EDITOR_TYPEFACES } from '@vitrine/shared/api/editor-typefaces';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

const ARTIFACTS = 'e2e/.artifacts';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await signedInUser(page, 'calques@example.test', { firstName: 'Inès', lastName: 'Roux' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const rgb = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** Mean absolute difference (0-255) of two same-sized images over rows top to bottom (percent). */
async function rowsDifference(a: Buffer, b: Buffer, top: number, bottom: number) {
  const [one, two] = await Promise.all([rgb(a), rgb(b)]);
  const { width, height } = one.info;
  const y0 = Math.max(0, Math.floor((top / 100) * height));
  const y1 = Math.min(height, Math.ceil((bottom / 100) * height));
  let sum = 0;
  for (let i = y0 * width * 3; i < y1 * width * 3; i += 1) sum += Math.abs(one.data[i]! - two.data[i]!);
  return sum / ((y1 - y0) * width * 3);
}

describe('a result’s slogan as an editable layer', () => {
  it('opens over the plate with the headline as a layer, takes new words, and the download sets them', async () => {
    await page.goto('/dashboard/express');
    await page.getByRole('combobox', { name: /^Style/ }).selectOption({ label: 'Naturel' });
    const format = page.getByRole('combobox', { name: /^Format/ });
    const post = await format.locator('option', { hasText: 'Publication' }).getAttribute('value');
    await format.selectOption(post!);
    await page
      .getByRole('textbox', { name: /^Description de votre activité/ })
      .fill('Boulangerie du marché, pain au levain');
    await page.getByRole('button', { name: 'Générer mon visuel' }).click();
    await page.getByText('Image sélectionnée\u00a0!').first().waitFor({ timeout: 120_000 });
    const history = (await (await page.request.get('/api/history')).json()) as HistoryResponse;
    const result = history.items[0]!;
    const { width, height, url } = result.images[0]!;

    const opened = (await (
      await page.request.get(`/api/generations/${result.id}/edit?image=0`)
    ).json()) as EditorDocumentResponse;
    expect(opened.document.background).toBe('plate');
    const headline = opened.document.texts.find((text) => text.source?.role === 'slogan')!;
    expect(headline).toBeDefined();

    await page.getByRole('button', { name: 'Ajouter un logo' }).click();
    await page.locator('canvas').waitFor();
    const dialogOrPage = page.getByRole('region', { name: 'Éditeur d’image' });
    // The texts are drawn with the engine's own font files (decision 054), loaded from the app.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const loaded: string[] = [];
          document.fonts.forEach((face) => {
            const family = face.family.replace(/"/g, '');
            if (family.startsWith('Vitrine ') && face.status === 'loaded') loaded.push(family);
          });
          return loaded;
        }),
      )
      .toContain(`Vitrine ${EDITOR_TYPEFACES[headline.fontFamily][headline.fontWeight].family}`);
    await dialogOrPage.screenshot({ path: `${ARTIFACTS}/editor-layers-opened.png` });

    // The headline is a layer like any other: selected from the layers panel, its words changed.
    await page.getByRole('button', { name: `Sélectionner le texte «\u00a0${headline.text}\u00a0»` }).click();
    const field = page.getByRole('textbox', { name: 'Texte' });
    expect(await field.inputValue()).toBe(headline.text);
    await field.fill('Tout à 2 €!');
    await page.getByRole('button', { name: `Sélectionner le texte «\u00a0Tout à 2 €!\u00a0»` }).waitFor();
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/generations/${result.id}/edit?image=0`);
        const saved = ((await res.json()) as EditorDocumentResponse).document;
        return saved.texts.find((text) => text.source?.role === 'slogan')?.text;
      })
      .toBe('Tout à 2 €!');
    await dialogOrPage.screenshot({ path: `${ARTIFACTS}/editor-layers-edited.png` });

    await page.getByRole('application', { name: 'Aperçu du visuel avec ses calques' }).focus();
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le visuel final' }).click(),
    ]);
    const file = fs.readFileSync(await download.path());
    fs.writeFileSync(`${ARTIFACTS}/editor-layers-export.png`, file);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);

    const composed = Buffer.from(await (await page.request.get(url)).body());
    // The headline's band (its centre ± 5 % of the height) changed; far from every text it did not.
    const changed = await rowsDifference(file, composed, headline.y - 5, headline.y + 5);
    expect(changed).toBeGreaterThan(3);
    const far = opened.document.texts.map((text) => text.y);
    const quiet = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].find((top) =>
      far.every((y) => y < top - 15 || y > top + 25),
    );
    if (quiet !== undefined)
      expect(await rowsDifference(file, composed, quiet, quiet + 10)).toBeLessThan(1.5);
  }, 240_000);
});
