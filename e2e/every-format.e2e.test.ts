/**
 * "Every format" in the browser: the Fusion form's switch says it counts as one generation; the
 * result offers each format by name (the chosen one first), shows the variants of the format picked at
 * its size, and downloads all images, or one format's, as a zip; History offers the same; Express has
 * the switch too.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as yauzl from 'yauzl';
import { contextJpeg, productJpeg } from '../apps/server/test/helpers/sample-images';
import { newContext } from './browser';
import { appAndBrowser } from './started';
import { signedInUser } from './session';
import { bytesOf } from './share-sheet';
import { pick } from './pick-file';

const started = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fs.mkdirSync('e2e/.artifacts', { recursive: true });
  context = await newContext(started.browser, 'fr-FR', started.app.url);
  page = await context.newPage();
  await signedInUser(page, 'tous-formats@example.test', { firstName: 'Inès', lastName: 'Marchand' });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

/** The names of a zip's files, read by an independent reader. */
function namesIn(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, {}, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'));
      const names: string[] = [];
      archive.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      archive.on('end', () => resolve(names));
      archive.on('error', reject);
    });
  });
}

/** The zip a download link of the page leads to (with the page's session). */
async function zipOf(p: Page, name: string): Promise<string[]> {
  const href = await p.getByRole('link', { name }).first().getAttribute('href');
  const answer = await p.request.get(href!);
  expect(answer.headers()['content-type']).toBe('application/zip');
  return namesIn(await answer.body());
}

const formatButtons = (p: Page) => p.getByRole('group', { name: 'Formats' }).getByRole('button');

describe('every format in the browser', () => {
  it('Fusion: one generation brings every format, picked by name, downloaded as one zip or one format', async () => {
    await page.goto('/dashboard');
    const everyFormat = page.getByRole('switch', { name: 'Tous les formats' });
    await everyFormat.waitFor();
    expect(await everyFormat.isChecked()).toBe(false);
    const note = await everyFormat.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${note}"]`).textContent()).toContain('une seule génération');
    await page.getByRole('radio', { name: 'Story 9:16', exact: true }).check({ force: true });
    await everyFormat.check();

    await pick(page, 'Image du produit', 'bouteille.jpg', await productJpeg());
    await pick(page, 'Image de contexte', 'table.jpg', await contextJpeg());
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await page.getByRole('textbox', { name: /^Slogan principal/ }).fill('Fait main');
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await page.getByText('Image générée\u00a0!', { exact: true }).first().waitFor({ timeout: 180_000 });

    // The eight formats by name, the chosen one first and shown.
    const names = await formatButtons(page).allTextContents();
    expect(names).toHaveLength(8);
    expect(names[0]).toBe('Story 9:16');
    expect(names).toEqual(expect.arrayContaining(['Bannière 16:9', 'Marketplace (fond blanc) 1:1']));
    expect(await formatButtons(page).first().getAttribute('aria-pressed')).toBe('true');
    await page.getByText('1080 × 1920 px').waitFor();

    // Another format: its variants, at its size.
    await formatButtons(page).filter({ hasText: 'Bannière 16:9' }).click();
    await page.getByText('1920 × 1080 px').waitFor();
    const variants = page.getByRole('group', { name: 'Variantes' }).getByRole('button');
    expect(await variants.count()).toBe(4);
    const shown = await page
      .getByRole('button', { name: /^Agrandir/ })
      .locator('img')
      .getAttribute('src');
    const meta = await sharp(await bytesOf(page, shown!)).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1080]);
    await page.screenshot({ path: 'e2e/.artifacts/every-format-result.png', fullPage: true });
    // The image shown is kept as the result's image, whichever format it is in.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Votre choix n’a pas été enregistré').count()).toBe(0);

    // All 32 images in one zip; the banner's four alone.
    const all = await zipOf(page, 'Tout télécharger (.zip)');
    expect(all).toHaveLength(32);
    expect(all.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => `story-1080x1920-${n}.jpg`));
    expect(await zipOf(page, 'Télécharger ce format (.zip)')).toEqual(
      [1, 2, 3, 4].map((n) => `banniere-1920x1080-${n}.jpg`),
    );

    // History offers the same formats and downloads.
    await page.goto('/dashboard/history');
    await page
      .getByRole('button', { name: /^Agrandir le visuel du/ })
      .first()
      .click();
    await expect.poll(() => formatButtons(page).count(), { timeout: 15_000 }).toBe(8);
    expect(await zipOf(page, 'Tout télécharger (.zip)')).toHaveLength(32);
  }, 300_000);

  it('Express has the same switch, and the form sends it', async () => {
    await page.goto('/dashboard/express');
    const everyFormat = page.getByRole('switch', { name: 'Tous les formats' });
    await everyFormat.waitFor();
    const note = await everyFormat.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${note}"]`).textContent()).toContain('5 autres formats');
  });
});
