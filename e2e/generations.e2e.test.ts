/**
 * Generations in the browser, in French: upload a product and a context, choose the options, generate,
 * watch the progress live, get 'Image générée !', pick a variant, download a JPEG, find it in history and
 * stats; Express likewise; and the limit state once the 3 free generations are spent.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { contextJpeg, productJpeg } from '../apps/server/test/helpers/sample-images';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { phoneContext, spreadFingers } from './touch';
import { expectNoAxeViolations } from './axe';
import { coveredByNotices, focusIndicatorContrast } from './screen-checks';
import { signedInUser } from './session';
import { bytesOf, historyOf, pathOf, recordShares, sharesOf } from './share-sheet';
import { pick } from './pick-file';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const EMAIL = 'boutique@example.test';

/**
 * Records the notices' titles shown together, at every change of the page from now on. Toasts leave by
 * themselves after 5 s, so a check made afterwards could not tell "replaced" from "expired".
 */
async function watchNotices(p: Page) {
  await p.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { noticesSeen: string[][] }).noticesSeen = seen;
    new MutationObserver(() => {
      const titles = document.querySelectorAll('[aria-live="polite"] [role="status"] p:first-child');
      seen.push(Array.from(titles, (title) => title.textContent ?? ''));
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** One notice per generation: "generated" took the place of "started", never shown beside it. */
async function expectOneNoticePerGeneration(p: Page) {
  const seen = await p.evaluate(() => (window as unknown as { noticesSeen: string[][] }).noticesSeen);
  const started = (titles: string[]) => titles.includes('Génération démarrée');
  const done = (titles: string[]) => titles.includes('Image générée\u00a0!');
  expect(seen.some(started)).toBe(true);
  expect(seen.some(done)).toBe(true);
  expect(seen.filter((titles) => started(titles) && done(titles))).toEqual([]);
}

async function expectText(p: Page, text: string, timeout = 60_000) {
  await p.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout });
}

beforeAll(async () => {
  fs.mkdirSync('e2e/.artifacts', { recursive: true });
  // As `npm start` runs it: the engine warms up once the server is ready.
  [app, browser] = await Promise.all([startApp({ ENGINE_WARM_UP: 'true' }), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  await context.addInitScript(recordShares);
  page = await context.newPage();
  await signedInUser(page, EMAIL, { firstName: 'Camille', lastName: 'Durand' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

/** Clicks the option tile whose label reads `text`, as a user does. */
async function choose(p: Page, text: string) {
  const tile = p.locator('label').filter({ has: p.getByText(text, { exact: true }) });
  await tile.click();
  expect(await tile.locator('input[type="radio"]').isChecked()).toBe(true);
}

describe('Fusion in the browser', () => {
  it('uploads, generates with live progress, picks a variant and downloads a JPEG', async () => {
    // The built server's engine warmed up on its own (cut-out, then both kinds of request) without error.
    await expect
      .poll(() => app.output(), { timeout: 60_000 })
      .toMatch(/"renderMs":\d+,"msg":"the image engine is warm"/);
    expect(app.output()).not.toContain('could not warm up');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Générer mon image' }).waitFor();
    await expectNoAxeViolations(page, 'Fusion, empty');
    // A format's name says its ratio: Fusion's banner is 16:9, Express's 3:1.
    expect(await page.getByRole('radio', { name: 'Bannière 16:9' }).count()).toBe(1);
    // The selects' focus ring stands out from the card around them (3:1, not a faint tint).
    const renderStyle = page.getByRole('combobox', { name: /^Style de rendu/ });
    await renderStyle.focus();
    // (polled: the ring fades in)
    await expect.poll(() => focusIndicatorContrast(renderStyle)).toBeGreaterThanOrEqual(3);
    // Generate without images: the notice, and the product picker's "Choose a file" takes the focus.
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await expectText(page, 'Images manquantes');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Choisir un fichier');
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('[data-image-role]')?.getAttribute('data-image-role'),
      ),
    ).toBe('product');
    // A refused file's error goes once the user turns to a web address instead.
    const productGroup = page.getByRole('group', { name: 'Image du produit' });
    await productGroup
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(200)) });
    await productGroup.getByRole('alert').waitFor();
    await productGroup.getByRole('button', { name: 'Adresse web' }).click();
    expect(await productGroup.getByRole('alert').count()).toBe(0);
    // Importing an empty address says so (spec section 5), in the field's own error line.
    await productGroup.getByRole('button', { name: 'Importer' }).click();
    await productGroup.getByText('L’URL ne peut pas être vide', { exact: true }).waitFor();
    await productGroup.getByRole('button', { name: 'Fichier' }).click();
    await pick(page, 'Image du produit', 'bouteille.jpg', await productJpeg());
    await pick(page, 'Image de contexte', 'comptoir.jpg', await contextJpeg());
    await expect
      .poll(() => page.getByText('Image prête', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    // The "Image prête" badges included (white on green, 4.5:1 at least).
    await expectNoAxeViolations(page, 'Fusion, with both images');

    await choose(page, 'Gauche');
    await page.getByRole('combobox', { name: /^Style de rendu/ }).selectOption({ label: 'Vintage' });
    await choose(page, 'Chaude');
    // A slogan pasted over the limit is kept whole (not cut mid-word) and refused with the field's error.
    const slogan = page.getByRole('textbox', { name: /^Slogan principal/ });
    const tooLong = 'Des produits frais et locaux, cueillis le matin, livrés le soir même dans votre cuisine';
    await slogan.fill(tooLong);
    expect(await slogan.inputValue()).toBe(tooLong);
    await page.getByRole('button', { name: 'Générer mon image' }).click();
    await expectText(page, 'Ce champ ne peut pas dépasser 80 caractères.');
    expect(await slogan.getAttribute('aria-invalid')).toBe('true');
    // Suggestions are still offered: they are asked without the line the form refuses.
    await page.getByRole('button', { name: 'Suggérer des slogans' }).click();
    await page.getByRole('group', { name: /^Suggestions/ }).waitFor();
    await page.keyboard.press('Escape');
    await slogan.fill('Le goût du vrai');
    await page.getByRole('textbox', { name: /^Slogan secondaire/ }).fill('Torréfié à Lyon depuis 1952');
    await choose(page, 'Élégant');
    await choose(page, 'Story');
    await watchNotices(page);
    // Started from the keyboard.
    await page.getByRole('button', { name: 'Générer mon image' }).focus();
    await page.keyboard.press('Enter');

    // Live progress: the generation shows as running with a progress bar, then completes.
    await expectText(page, 'Génération démarrée', 30_000);
    await page.getByRole('progressbar').first().waitFor({ state: 'visible', timeout: 30_000 });
    // Meanwhile the button keeps the keyboard (a disabled button used to drop it at the top of the page;
    // once the result is there, its title has it).
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await page.screenshot({ path: 'e2e/.artifacts/fusion-progress.png', fullPage: true });
    await expectText(page, 'Image générée\u00a0!', 120_000);
    // The notice lies over no control and no image: "Générer à nouveau" and "Nouvelle image" included.
    expect(await coveredByNotices(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/.artifacts/fusion-result-notice.png' });
    await expectOneNoticePerGeneration(page);
    await expectText(page, 'Image sélectionnée\u00a0!');
    await page.screenshot({ path: 'e2e/.artifacts/fusion-result.png', fullPage: true });
    await expectNoAxeViolations(page, 'Fusion, result');

    await page
      .getByRole('button', { name: /Variante 2/ })
      .first()
      .click();
    // The chosen variant at full size: zoomed from the keyboard, the next one, Escape closes.
    const enlarge = page.getByRole('button', { name: 'Agrandir la variante 2' });
    await enlarge.click();
    const viewer = page.getByRole('dialog', { name: 'Variante 2 sur 4' });
    await viewer.waitFor();
    const shown = viewer.getByRole('img');
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1080);
    const fitted = (await shown.boundingBox())!;
    await page.keyboard.press('+');
    await expect.poll(async () => (await shown.boundingBox())!.width).toBeGreaterThan(fitted.width * 1.4);
    await viewer.getByText('150\u00a0%').waitFor();
    await expectNoAxeViolations(page, 'the image viewer');
    await page.keyboard.press('0');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Variante 3 sur 4' }).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => enlarge.evaluate((button) => button === document.activeElement)).toBe(true);
    // The pick is kept on the server: History shows that variant, and its download and editor use it.
    await expect.poll(async () => pathOf((await historyOf(page))[0]!.selectedImage)).toMatch(/\/1$/);
    const [result] = await historyOf(page);
    const second = await bytesOf(page, result!.images[1]!.url);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('promotional image.jpg');
    const file = fs.readFileSync(await download.path());
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);
    expect(file.equals(second)).toBe(true);
    // Share hands the picture itself to a share sheet that takes files, named in the page's language.
    await page.getByRole('button', { name: 'Partager' }).click();
    await expect.poll(() => sharesOf(page)).toHaveLength(1);
    expect((await sharesOf(page))[0]).toEqual({
      title: 'Mon visuel Vitrine',
      files: [{ name: 'image promotionnelle.jpg', type: 'image/jpeg', size: second.length }],
    });
    // A sheet that takes no files gets the link.
    await page.evaluate(() => ((window as unknown as { __fileSharing: boolean }).__fileSharing = false));
    await page.getByRole('button', { name: 'Partager' }).click();
    await expect.poll(() => sharesOf(page)).toHaveLength(2);
    const link = (await sharesOf(page))[1]!;
    expect(link.files).toEqual([]);
    expect(pathOf(link.url!)).toBe(`/api/images/${result!.id}/1`);

    // "Nouvelle image" brings the empty form back from its top, with focus on the page's heading.
    await page.getByRole('button', { name: 'Nouvelle image' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.evaluate((h) => document.activeElement === h)).toBe(true);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  }, 240_000);

  it('finds the generation in history, with the variant picked, and in stats', async () => {
    await page.goto('/dashboard/history');
    await page.getByRole('heading', { name: 'Historique' }).waitFor();
    await expectText(page, 'Disponible', 30_000);
    await expect.poll(() => page.getByText('Vintage').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'History');
    await page.screenshot({ path: 'e2e/.artifacts/history.png', fullPage: true });
    // The entry shows the variant picked on the result (the second); the others open from it.
    const [result] = await historyOf(page);
    const table = page.getByRole('table');
    const thumbnail = table.getByRole('button', { name: /^Agrandir le visuel du/ });
    expect(pathOf(await thumbnail.locator('img').getAttribute('src'))).toBe(`/api/images/${result!.id}/1`);
    await thumbnail.click();
    const dialog = page.getByRole('dialog');
    expect(
      await dialog.getByRole('button', { name: 'Variante 2', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await dialog.getByRole('button', { name: 'Variante 3', exact: true }).click();
    await page.screenshot({ path: 'e2e/.artifacts/history-variants.png' });
    await expect.poll(async () => pathOf((await historyOf(page))[0]!.selectedImage)).toMatch(/\/2$/);
    const third = await bytesOf(page, result!.images[2]!.url);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger' }).click(),
    ]);
    expect(fs.readFileSync(await download.path()).equals(third)).toBe(true);
    await page.evaluate(() => ((window as unknown as { __fileSharing: boolean }).__fileSharing = true));
    await dialog.getByRole('button', { name: 'Partager' }).click();
    await expect.poll(async () => (await sharesOf(page)).at(-1)?.files[0]?.size).toBe(third.length);
    await page.keyboard.press('Escape');
    // History now shows the third, and its editor opens on it.
    await expect
      .poll(async () => pathOf(await thumbnail.locator('img').getAttribute('src')))
      .toBe(`/api/images/${result!.id}/2`);
    const [opened] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(`/api/generations/${result!.id}/edit?image=`)),
      table.getByRole('button', { name: /^Modifier le visuel du/ }).click(),
    ]);
    expect(new URL(opened.url()).searchParams.get('image')).toBe('2');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/stats');
    await page.getByText('Images générées').first().waitFor();
    // The card reads "Images générées", then the figure: the 4 variants of the one generation.
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText(), { timeout: 30_000 }).toMatch(/Images générées\s+4\b/);
    expect(await main.innerText()).toMatch(/Générations totales\s+1\b/);
    // The spec's four cards: images generated, this month (the last 30 days), success rate, total.
    expect(await main.innerText()).toMatch(/Ce mois-ci\s+4\s+Sur les 30 derniers jours/);
    await expectNoAxeViolations(page, 'Stats');
    await page.screenshot({ path: 'e2e/.artifacts/stats.png', fullPage: true });
  }, 60_000);
});

describe('the image picker from the keyboard', () => {
  it('keeps the keyboard on the picker while a file is chosen, uploaded, removed', async () => {
    // A page of its own: the one above holds a finished generation.
    const picker = await context.newPage();
    await picker.goto('/dashboard');
    const group = picker.getByRole('group', { name: 'Image du produit', exact: true });
    const inGroup = () =>
      group.evaluate((g) =>
        g.contains(document.activeElement) ? document.activeElement?.textContent : null,
      );
    await group.getByRole('button', { name: 'Choisir un fichier' }).focus();
    // What the file dialog opened from that button gives back (the dialog itself is the system's).
    await group
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bouteille.jpg', mimeType: 'image/jpeg', buffer: await productJpeg() });
    await group.getByText('Image prête').waitFor({ timeout: 30_000 });
    // The control that had the keyboard is gone: the keyboard is on "Remplacer", not on the page.
    await expect.poll(inGroup).toContain('Remplacer');
    await picker.keyboard.press('Tab');
    await picker.keyboard.press('Enter');
    await group.getByRole('button', { name: 'Choisir un fichier' }).waitFor();
    await expect.poll(inGroup).toContain('Choisir un fichier');
    await picker.close();
  }, 60_000);

  it('Enter on "Choisir un fichier" opens the file dialog every time, right after the page loads', async () => {
    const fresh = await context.newPage();
    // Listening before the page loads: a listener added just before the key press can miss the
    // dialog, which is how the browser's automation, not the page, lost some of them.
    let opened = 0;
    fresh.on('filechooser', () => (opened += 1));
    for (let load = 1; load <= 5; load++) {
      await fresh.goto('/dashboard');
      await fresh
        .getByRole('group', { name: 'Image du produit', exact: true })
        .getByRole('button', { name: 'Choisir un fichier' })
        .focus();
      await fresh.keyboard.press('Enter');
      await expect.poll(() => opened).toBe(load);
    }
    // The user's earlier photos are offered: their lists are told apart, under a heading in order.
    await fresh.getByRole('region', { name: 'Image du produit\u00a0: vos images récentes' }).waitFor();
    await fresh.getByRole('region', { name: 'Image de contexte\u00a0: vos images récentes' }).waitFor();
    await expectNoAxeViolations(fresh, 'Fusion, with recent images');
    await fresh.close();
  }, 60_000);
});

describe('on a touch phone', () => {
  it('offers the camera and keeps "Générer mon image" at hand', async () => {
    const phone = await phoneContext(browser, { locale: 'fr-FR', baseURL: app.url, signedIn: context });
    try {
      const mobile = await phone.newPage();
      await mobile.goto('/dashboard');
      const product = mobile.getByRole('group', { name: 'Image du produit', exact: true });
      const input = product.locator('input[type="file"]');
      // No drag and drop on a touch screen: the camera, or the photos already on the phone.
      expect(await product.getByRole('button', { name: 'Choisir un fichier' }).count()).toBe(0);
      const [camera] = await Promise.all([
        mobile.waitForEvent('filechooser'),
        product.getByRole('button', { name: 'Prendre une photo' }).tap(),
      ]);
      expect(camera.element()).toBeTruthy();
      expect(await input.getAttribute('capture')).toBe('environment');
      await Promise.all([
        mobile.waitForEvent('filechooser'),
        product.getByRole('button', { name: 'Choisir', exact: true }).tap(),
      ]);
      expect(await input.getAttribute('capture')).toBeNull();
      // The form is long; its button stays in sight at the bottom of the screen, from its top down.
      const generate = mobile.getByRole('button', { name: 'Générer mon image' });
      expect(await mobile.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2 * 844);
      for (const at of ['top', 'middle']) {
        if (at === 'middle') await mobile.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
        const box = (await generate.boundingBox())!;
        expect(box.y, at).toBeGreaterThan(844 - 160);
        expect(box.y + box.height, at).toBeLessThanOrEqual(844);
      }
      await mobile.screenshot({ path: 'e2e/.artifacts/fusion-form-390.png' });
      await expectNoAxeViolations(mobile, 'Fusion on a phone');
    } finally {
      await phone.close();
    }
  }, 90_000);
});

describe('Express in the browser', () => {
  it('generates a visual from a style, a format and a description, then regenerates', async () => {
    await page.goto('/dashboard/express');
    await page.getByRole('button', { name: 'Générer mon visuel' }).waitFor();
    await expectNoAxeViolations(page, 'Express');
    // Every format's name says its ratio: none reads like Fusion's 16:9 banner.
    expect(
      await page
        .getByRole('combobox', { name: /^Format/ })
        .locator('option')
        .allInnerTexts(),
    ).toEqual([
      'Choisissez un format',
      'Carré 1:1',
      'Story 9:16',
      'Publication 16:9',
      'Bannière 3:1',
      'Fil d’actualité 4:5',
      'Pinterest 2:3',
    ]);
    await page.getByRole('button', { name: 'Générer mon visuel' }).click();
    await expectText(page, 'Paramètres manquants');
    await page.getByRole('combobox', { name: /^Style/ }).selectOption({ label: 'Naturel' });
    const format = page.getByRole('combobox', { name: /^Format/ });
    const post = await format.locator('option', { hasText: 'Publication' }).getAttribute('value');
    await format.selectOption(post!);
    // Pasted over the limit, the description is kept whole and counted in red; the form refuses it.
    const description = page.getByRole('textbox', { name: /^Description de votre activité/ });
    await description.fill('Épicerie fine, '.repeat(15));
    await page.getByText('224/200 caractères').waitFor();
    await page.getByRole('button', { name: 'Générer mon visuel' }).click();
    await page.getByText('Ce champ ne peut pas dépasser 200 caractères.').waitFor();
    await description.fill('Épicerie fine et produits bio');
    expect(await page.getByText('Paramètres manquants').count()).toBeGreaterThan(0);
    await watchNotices(page);
    // A double click starts one generation, and its result shows: the second click used to be refused
    // ("Génération active") while the first, charged, was never followed to its result.
    await page.getByRole('button', { name: 'Générer mon visuel' }).dblclick();
    // The earlier "missing" notice goes as the generation's own appear.
    await expect.poll(() => page.getByText('Paramètres manquants').count()).toBe(0);
    await expectText(page, 'Image générée\u00a0!', 120_000);
    await expectOneNoticePerGeneration(page);
    const seen = await page.evaluate(() => (window as unknown as { noticesSeen: string[][] }).noticesSeen);
    expect(seen.flat()).not.toContain('Génération active');
    await expectText(page, 'Image sélectionnée\u00a0!');
    // The result, below the form, is brought into view.
    const title = page.getByRole('heading', { name: 'Image sélectionnée\u00a0!' });
    await expect
      .poll(() =>
        title.evaluate((heading) => {
          const { top, bottom } = heading.getBoundingClientRect();
          return top >= 0 && bottom <= innerHeight;
        }),
      )
      .toBe(true);
    await page.screenshot({ path: 'e2e/.artifacts/express-result.png', fullPage: true });

    // Back from the result, the keyboard is on the generate button, not dropped at the top of the page.
    const active = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.getByRole('button', { name: 'Retour' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(active).toBe('Générer mon visuel');

    // The third generation spends the last free credit, on a phone's screen: its notice shows in the
    // header, which pushes the page down, so neither the form's buttons nor the result are under it.
    await page.setViewportSize({ width: 390, height: 844 });
    await watchNotices(page);
    await page.getByRole('button', { name: 'Regénérer' }).click();
    await page.getByRole('banner').getByText('Image générée\u00a0!').waitFor({ timeout: 120_000 });
    expect(await coveredByNotices(page)).toEqual([]);
    const banner = (await page.getByRole('banner').boundingBox())!;
    const resultTitle = (await title.boundingBox())!;
    expect(resultTitle.y).toBeGreaterThanOrEqual(banner.y + banner.height);
    await page.screenshot({ path: 'e2e/.artifacts/express-result-notice-390.png' });
    // Two fingers spread apart on the result's image, opened full size, zoom it.
    await page.getByRole('button', { name: /^Agrandir/ }).click();
    const viewer = page.getByRole('dialog', { name: /^(Variante \d sur \d|Image en grand)$/ });
    const shown = viewer.getByRole('img');
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const before = (await shown.boundingBox())!;
    const middle = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
    await spreadFingers(context, page, middle, [30, 50, 70, 90]);
    await expect.poll(async () => (await shown.boundingBox())!.width).toBeGreaterThan(before.width * 2);
    await page.screenshot({ path: 'e2e/.artifacts/viewer-pinched-390.png' });
    await viewer.getByRole('button', { name: 'Fermer' }).click();
    await viewer.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(
        async () => {
          const active = (await (await page.request.get('/api/generations/active')).json()) as {
            items: unknown[];
          };
          const usage = (await (await page.request.get('/api/usage')).json()) as { used: number };
          return active.items.length === 0 && usage.used === 3;
        },
        { timeout: 120_000 },
      )
      .toBe(true);
  }, 300_000);

  it('shows the limit state after 3 generations', async () => {
    await page.goto('/dashboard');
    await expectText(page, 'Limite atteinte', 30_000);
    // The page may still show the last result (it loads a moment later): 'Nouvelle image' brings the
    // form back, with its button turned into the limit link.
    const again = page.getByRole('button', { name: 'Nouvelle image' });
    const button = page.getByRole('link', { name: 'Limite atteinte – Passer à Premium' });
    await expect
      .poll(
        async () => {
          if (await again.isVisible()) await again.click();
          return button.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.screenshot({ path: 'e2e/.artifacts/limit.png', fullPage: true });
    const res = await page.request.post('/api/generations/express', {
      data: { style: 'moderne', format: 'square' },
    });
    expect(res.status()).toBe(402);

    // Express at the limit: once both selects are set, "Regénérer" is there but blocked, and "Nouveau
    // visuel" still clears the fields.
    await page.goto('/dashboard/express');
    await page.getByRole('link', { name: 'Limite atteinte – Passer à Premium' }).waitFor();
    const style = page.getByRole('combobox', { name: /^Style/ });
    await style.selectOption({ label: 'Naturel' });
    const format = page.getByRole('combobox', { name: /^Format/ });
    await format.selectOption(
      (await format.locator('option', { hasText: 'Publication' }).getAttribute('value'))!,
    );
    const regenerate = page.getByRole('button', { name: 'Regénérer' });
    expect(await regenerate.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Nouveau visuel' }).click();
    expect(await style.inputValue()).toBe('');
    expect(await regenerate.count()).toBe(0);

    // The account page says which plan this is and how far it has gone, with the way to the plans.
    await page.goto('/dashboard/account');
    const plan = page.getByRole('region', { name: 'Abonnement' });
    await plan.getByText('Formule gratuite', { exact: true }).waitFor();
    await plan.getByText('Utilisées\u00a0: 3/3.', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'Account');
    expect(await plan.getByRole('link', { name: 'Passer à Premium' }).getAttribute('href')).toBe('/#pricing');
  }, 60_000);
});
