/**
 * Second tries in the browser: generate, then "Générer à nouveau avec ces réglages" from the result and
 * from History (two clicks each: the action, then Generate), in Fusion and, in English, in Express; recent uploads chosen again with the
 * keyboard and by touch at 390 px in English; a photo deleted since is asked for again with a notice.
 * Also: focus moves to a result when it arrives, hint and counter text reach 4.5:1 on their background,
 * upload toasts do not pile up on a phone, and unknown page paths answer 404.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import type { RecentUploadsResponse } from '@vitrine/shared/api/uploads';
import { anotherCopy, contextJpeg, productJpeg } from '../apps/server/test/helpers/sample-images';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { phoneContext } from './touch';
import { PASSWORD, signedInUser } from './session';
import { pick } from './pick-file';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const EMAIL = 'reprise@example.test';
const ARTIFACTS = 'e2e/.artifacts';

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await signedInUser(page, EMAIL, { firstName: 'Louise', lastName: 'Martin' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

async function history(p: Page): Promise<HistoryResponse> {
  return (await (await p.request.get('/api/history')).json()) as HistoryResponse;
}

/** Waits until the user's generations are all finished and `count` results exist. */
async function resultsReach(p: Page, count: number) {
  await expect
    .poll(async () => (await history(p)).items.length, { timeout: 180_000, interval: 1000 })
    .toBe(count);
}

const activeText = (p: Page) => p.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** WCAG contrast of an element's text against the first opaque background behind it, in the page. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    let node: Element | null = element;
    let background: [number, number, number, number] = [255, 255, 255, 255];
    while (node) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] === 255) {
        background = colour;
        break;
      }
      node = node.parentElement;
    }
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const text = rgba(getComputedStyle(element).color);
    const [a, b] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

describe('generate again with these settings', () => {
  it('Fusion: generate, then again from the result in two clicks, with the same photos and settings', async () => {
    await page.goto('/dashboard');
    // Hint text meets 4.5:1 where it is shown.
    expect(await contrastOf(page.getByText('* Champs obligatoires', { exact: true }))).toBeGreaterThanOrEqual(
      4.5,
    );
    await pick(page, 'Image du produit', 'bouteille.jpg', await productJpeg());
    await pick(page, 'Image de contexte', 'comptoir.jpg', await contextJpeg());
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    const left = page.locator('label').filter({ has: page.getByText('Gauche', { exact: true }) });
    await left.click();
    await page.getByRole('combobox', { name: /^Style de rendu/ }).selectOption({ label: 'Vintage' });
    await page.getByRole('textbox', { name: /^Slogan principal/ }).fill('Le goût du vrai');
    await page.getByRole('button', { name: 'Générer mon image' }).click();

    // The result takes keyboard focus when it arrives: its title is what a screen reader reads.
    await page.getByText('Image sélectionnée\u00a0!', { exact: true }).waitFor({ timeout: 180_000 });
    await expect.poll(() => activeText(page)).toBe('Image sélectionnée\u00a0!');
    await resultsReach(page, 1);

    // Click 1: the form comes back filled in, both photos included.
    await page.getByRole('link', { name: 'Générer à nouveau avec ces réglages' }).click();
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await page.getByText(/^Réglages de la génération du .* repris\./).waitFor();
    expect(await left.locator('input[type="radio"]').isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: /^Slogan principal/ }).inputValue()).toBe(
      'Le goût du vrai',
    );
    await page.screenshot({ path: `${ARTIFACTS}/again-form-1280.png`, fullPage: true });

    // Click 2: generate.
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await resultsReach(page, 2);
    // Back from this result, the keyboard goes to the generate button of the form that takes its place.
    await page.getByText('Image sélectionnée\u00a0!', { exact: true }).waitFor({ timeout: 180_000 });
    await page.getByRole('button', { name: 'Retour' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeText(page)).toBe('Générer mon image');
    const [second, first] = (await history(page)).items;
    expect(second!.settings).toEqual(first!.settings);
    expect(first!.settings).toMatchObject({ mode: 'fusion', position: 'gauche', style: 'vintage' });
  }, 420_000);

  it('from History in two clicks: the entry’s action, then Generate', async () => {
    await page.goto('/dashboard/history');
    await page.getByRole('heading', { name: 'Historique' }).waitFor();
    const again = page.getByRole('link', { name: /^Générer à nouveau avec ces réglages \(/ });
    await expect.poll(() => again.count(), { timeout: 30_000 }).toBe(2);
    await page.screenshot({ path: `${ARTIFACTS}/again-history-1280.png`, fullPage: true });
    await again.first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await resultsReach(page, 3);
  }, 300_000);
});

describe('generate again, Express, in English', () => {
  let english: BrowserContext;
  let desk: Page;

  beforeAll(async () => {
    english = await newContext(browser, 'en-US', app.url);
    desk = await english.newPage();
    await signedInUser(desk, 'again-express@example.test', { firstName: 'Ada', lastName: 'Byron' });
    await desk.goto('/dashboard/express');
    await desk.evaluate(() => localStorage.setItem('dashboardLanguage', 'en'));
  }, 60_000);
  afterAll(() => english?.close());

  it('generates, then again from the result in two clicks, with the same style, format, product and description', async () => {
    await desk.goto('/dashboard/express');
    await desk.getByRole('combobox', { name: /^Style/ }).selectOption({ label: 'Vintage' });
    const format = desk.getByRole('combobox', { name: /^Format/ });
    await format.selectOption((await format.locator('option', { hasText: 'Story' }).getAttribute('value'))!);
    // "What is it?": the product the visual's headline speaks of.
    const product = desk.getByRole('textbox', { name: /^What is it\?/ });
    await product.fill('Sourdough loaf & rye');
    const description = desk.getByRole('textbox', { name: /^Description of your business/ });
    await description.fill('Organic bakery in Lyon, sourdough and pastries');
    await desk.screenshot({ path: `${ARTIFACTS}/express-product-name.png`, fullPage: true });
    await desk.getByRole('button', { name: 'Generate my visual' }).click();
    await resultsReach(desk, 1);

    // Click 1: the Express form comes back filled in, the product with it.
    await desk.getByRole('link', { name: 'Generate again with these settings' }).click();
    await expect
      .poll(() => description.inputValue(), { timeout: 30_000 })
      .toBe('Organic bakery in Lyon, sourdough and pastries');
    expect(await product.inputValue()).toBe('Sourdough loaf & rye');
    const style = desk.getByRole('combobox', { name: /^Style/ });
    expect(await style.locator('option:checked').innerText()).toBe('Vintage');
    // Click 2: generate.
    await desk.getByRole('button', { name: 'Generate my visual' }).click();
    await resultsReach(desk, 2);
    const [second, first] = (await history(desk)).items;
    expect(second!.settings).toEqual(first!.settings);
    expect(first!.settings).toMatchObject({
      mode: 'express',
      style: 'vintage',
      format: 'story',
      productName: 'Sourdough loaf & rye',
    });
  }, 300_000);
});

describe('on a phone, in English', () => {
  let phone: BrowserContext;
  let mobile: Page;

  beforeAll(async () => {
    phone = await phoneContext(browser, { locale: 'en-US', baseURL: app.url });
    mobile = await phone.newPage();
    const res = await mobile.request.post('/api/auth/sign-in', {
      data: { email: EMAIL, password: PASSWORD },
    });
    expect(res.status()).toBe(200);
    await mobile.goto('/dashboard');
    await mobile.evaluate(() => localStorage.setItem('dashboardLanguage', 'en'));
  });
  afterAll(() => phone?.close());

  it('the menu is modal: the keyboard stays in it until it is closed, then goes back to its button', async () => {
    await mobile.goto('/dashboard');
    const menuButton = mobile.getByRole('button', { name: 'Open the menu' });
    await menuButton.focus();
    await mobile.keyboard.press('Enter');
    await mobile.locator('#dashboard-sheet').getByRole('button', { name: 'Close the menu' }).waitFor();
    const places: string[] = [];
    for (let i = 0; i < 12; i++) {
      await mobile.keyboard.press('Tab');
      places.push(
        await mobile.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'body';
          return document.getElementById('dashboard-sheet')?.contains(active) ? 'menu' : 'page';
        }),
      );
    }
    // Past the menu's last link the browser's own controls take the focus (the page's body here),
    // then the menu's first control again: never a control of the page hidden behind the menu.
    expect(places).toContain('menu');
    expect(places).not.toContain('page');
    await mobile.keyboard.press('Escape');
    await expect.poll(() => menuButton.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('recent uploads are chosen again with the keyboard and by touch; the product keeps its cut-out', async () => {
    await mobile.goto('/dashboard');
    const product = mobile.getByRole('group', { name: 'Product image', exact: true });
    const backdrop = mobile.getByRole('group', { name: 'Context image', exact: true });
    await product.getByRole('heading', { name: 'Your recent images' }).waitFor({ timeout: 30_000 });
    await mobile.screenshot({ path: `${ARTIFACTS}/recent-390.png`, fullPage: true });

    // Most recent first, only the role's own.
    const recent = (await (
      await mobile.request.get('/api/uploads?role=product')
    ).json()) as RecentUploadsResponse;
    expect(recent.items.map((i) => i.name)).toEqual(['bouteille.jpg']);
    const thumbs = product.getByRole('button', { name: /^Product image: use bouteille\.jpg again/ });
    expect(await thumbs.count()).toBe(1);

    // Keyboard: focus, Enter.
    await thumbs.first().focus();
    await mobile.keyboard.press('Enter');
    await product.getByText('Image ready', { exact: true }).waitFor();
    // The stored cut-out comes back as it is.
    await mobile.getByRole('heading', { name: 'Product cut-out' }).waitFor({ timeout: 30_000 });
    await mobile.getByText(/^Product cut out automatically/).waitFor({ timeout: 30_000 });

    // Touch.
    await backdrop.getByRole('button', { name: /^Context image: use comptoir\.jpg again/ }).tap();
    await backdrop.getByText('Image ready', { exact: true }).waitFor();
    await mobile.screenshot({ path: `${ARTIFACTS}/recent-chosen-390.png`, fullPage: true });
  }, 120_000);

  it('upload notices do not pile up: one at a time, at the top, gone by themselves', async () => {
    await mobile.goto('/dashboard');
    const product = mobile.getByRole('group', { name: 'Product image', exact: true });
    const backdrop = mobile.getByRole('group', { name: 'Context image', exact: true });
    await product
      .locator('input[type="file"]')
      // Another photo (other bytes): the same bytes again would be the upload already kept.
      .setInputFiles({
        name: 'second.jpg',
        mimeType: 'image/jpeg',
        buffer: anotherCopy(await productJpeg(), 1),
      });
    await backdrop
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await contextJpeg() });
    await expect
      .poll(() => mobile.getByText('Image ready', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    const toasts = mobile.locator(
      '[aria-live="polite"] > [role="status"], [aria-live="polite"] > [role="alert"]',
    );
    expect(await toasts.count()).toBe(1);
    const box = (await toasts.first().boundingBox())!;
    expect(box.y).toBeLessThan(100);
    // In the header, under its row of controls, whose menu and sign-out stay in reach.
    const signOut = (await mobile.getByRole('button', { name: 'Sign out' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(signOut.y + signOut.height);
    await mobile.screenshot({ path: `${ARTIFACTS}/toast-390.png` });
    await toasts.first().waitFor({ state: 'detached', timeout: 15_000 });
  }, 90_000);

  it('a photo deleted since is asked for again, with a notice; the other one is back', async () => {
    const [latest] = (await history(mobile)).items;
    const productId = (latest!.settings as { productUploadId: string }).productUploadId;
    expect((await mobile.request.delete(`/api/uploads/${productId}`)).status()).toBe(204);
    await mobile.goto('/dashboard/history');
    await mobile
      .getByRole('link', { name: /^Generate again with these settings \(/ })
      .first()
      .tap();
    await mobile
      .getByText('The product image of this generation was deleted or has expired. Add it again.')
      .waitFor({ timeout: 30_000 });
    const backdrop = mobile.getByRole('group', { name: 'Context image', exact: true });
    await backdrop.getByText('Image ready', { exact: true }).waitFor();
    // Nor is it offered among the recent images any more; the later product upload is.
    const product = mobile.getByRole('group', { name: 'Product image', exact: true });
    await product.getByRole('button', { name: /^Product image: use second\.jpg again/ }).waitFor();
    expect(await product.getByRole('button', { name: /use bouteille\.jpg again/ }).count()).toBe(0);
    await mobile.screenshot({ path: `${ARTIFACTS}/again-gone-390.png`, fullPage: true });
  }, 60_000);

  it('the Express counters ("What is it?", description) meet 4.5:1 on their background', async () => {
    await mobile.goto('/dashboard/express');
    const counters = mobile.getByText(/^0\/\d+ characters$/);
    await counters.first().waitFor();
    expect(await counters.allTextContents()).toEqual(['0/60 characters', '0/200 characters']);
    for (const counter of await counters.all()) expect(await contrastOf(counter)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('page paths', () => {
  it('an unknown page answers 404 and shows the 404 screen; known pages answer 200', async () => {
    const missing = await page.goto('/dashboard/nope');
    expect(missing?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Oops\u00a0! Page introuvable');
    for (const path of ['/', '/dashboard/history']) expect((await page.goto(path))?.status(), path).toBe(200);
    expect((await page.request.get('/api/nope')).status()).toBe(404);
  });
});
