/** What the browser tests of the product's cut-out share: the sample photos, the page's gestures and a signed-in page. */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { CutoutView } from '@vitrine/shared/api/cutout';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

export const CUP = fs.readFileSync('packages/engine/src/samples/photos/coffee-cup.png');
export const SHELF = fs.readFileSync('packages/engine/src/samples/photos/carton-shelf.jpg');
/** A portrait photo (most phone photos are): 3 wide for 4 high. */
export const BOTTLE = fs.readFileSync('packages/engine/src/samples/photos/milk-bottle-desk.jpg');
/**
 * Pots on a two-tier stand. Whole, the model's closer look (decision 109) parts one pot from the others:
 * two pieces, which the page points out first. See `lowerTier`.
 */
export const SUCCULENTS = fs.readFileSync('packages/engine/src/samples/photos/succulents-stand.jpg');

/**
 * The stand's lower 60 % (its lower tier and the pot in front, re-encoded): one piece the model is
 * unsure of, where it ends (confidence about 0.6).
 */
export async function lowerTier(): Promise<Buffer> {
  const { width, height } = await sharp(SUCCULENTS).metadata();
  const top = Math.round(height * 0.4);
  return sharp(SUCCULENTS)
    .extract({ left: 0, top, width, height: Math.round(height * 0.6) })
    .jpeg()
    .toBuffer();
}

export async function pick(p: Page, group: string, name: string, mimeType: string, bytes: Buffer) {
  await p
    .getByRole('group', { name: group })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType, buffer: bytes });
}

/** The upload id of the product, read from the cut-out preview's address. */
export async function productUploadId(p: Page): Promise<string> {
  const src = await p.locator('img[src*="/cutout/preview.webp"]').first().getAttribute('src');
  return /\/api\/uploads\/([0-9a-f-]{36})\/cutout/.exec(src ?? '')![1]!;
}

/** The background colour of the cut-out panel's status line. */
export function statusBackground(p: Page): Promise<string> {
  return p
    .getByRole('region', { name: /^(Détourage du produit|Product cut-out)$/ })
    .getByRole('status')
    .first()
    .evaluate((line) => getComputedStyle(line).backgroundColor);
}

export async function serverView(p: Page, id: string): Promise<CutoutView> {
  return (await p.request.get(`/api/uploads/${id}/cutout`)).json() as Promise<CutoutView>;
}

/** Drags on the drawing layer between two points given as fractions of it. */
export async function drag(p: Page, from: [number, number], to: [number, number], steps = 12) {
  const layer = p.locator('dialog svg.cursor-crosshair');
  const box = (await layer.boundingBox())!;
  await p.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await p.mouse.down();
  await p.mouse.move(box.x + to[0] * box.width, box.y + to[1] * box.height, { steps });
  await p.mouse.up();
}

/** Opens the correction dialog from the page's button. */
export async function openEditor(p: Page) {
  await p.getByRole('button', { name: 'Corriger le détourage' }).click();
  const dialog = p.getByRole('dialog', { name: 'Corriger le détourage' });
  await dialog.waitFor();
  return dialog;
}

/**
 * Clicks a button of the dialog and returns the answer to the cut-out's PUT it sends; an answer other
 * than 200 fails with what the server said.
 */
export async function sent(p: Page, id: string, dialog: Locator, name: string) {
  const [response] = await Promise.all([
    p.waitForResponse((r) => r.url().includes(`/api/uploads/${id}/cutout`) && r.request().method() === 'PUT'),
    dialog.getByRole('button', { name }).click(),
  ]);
  if (response.status() !== 200)
    expect.fail(`PUT cutout answered ${response.status()}: ${await response.text()}`);
  return response;
}

/**
 * A server of a test file's own, as `npm start` runs it, and its user signed in in a French browser: the
 * file's hooks are registered here, and the page and its context are set once they have run.
 */
export function signedInCutoutPage(email: string): { page: Page; context: BrowserContext } {
  let app: AppUnderTest | undefined;
  let browser: Browser | undefined;
  const session = {} as { page: Page; context: BrowserContext };
  beforeAll(async () => {
    fs.mkdirSync('e2e/.artifacts', { recursive: true });
    // As `npm start` runs it: the engine warms up once the server is ready.
    [app, browser] = await Promise.all([startApp({ ENGINE_WARM_UP: 'true' }), launchBrowser()]);
    session.context = await newContext(browser, 'fr-FR', app.url);
    session.page = await session.context.newPage();
    await signedInUser(session.page, email, { firstName: 'Lou', lastName: 'Martin' });
    // A file's first upload is not timed against the warm-up of a loaded machine: the engine is warm.
    for (let waited = 0; !/the image engine (is warm|could not warm up)/.test(app.output()); waited += 250) {
      if (waited > 90_000) throw new Error('the engine did not warm up in 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 180_000);
  // A test that fails with the correction dialog open does not leave it in the way of the next ones.
  afterEach(async () => {
    const open = session.page?.locator('dialog[open]');
    for (let i = 0; i < 3 && open && (await open.count()); i++) {
      await session.page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await session.context?.close();
    await browser?.close();
    await app?.close();
  });
  return session;
}
