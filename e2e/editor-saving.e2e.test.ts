/**
 * Saving the editor's layers in the browser, where work used to be lost without a word: the same image
 * edited in two tabs (the second to save was written over the first), and a change made just before
 * the page is reloaded or closed (it waited for its debounce, which the page did not live to see).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EditorDocumentResponse } from '@vitrine/shared/api/editor';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let tabA: Page;
let resultId: string;

/** The texts saved by the tests before the one where a save overtakes another. */
const BEFORE_OVERTAKING = ['Texte onglet A', 'Texte onglet B', 'Juste avant de recharger'];

async function savedTexts(p: Page): Promise<string[]> {
  const res = await p.request.get(`/api/generations/${resultId}/edit?image=0`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as EditorDocumentResponse).document.texts.map((t) => t.text);
}

/** Opens the latest generation's first image in History's editor. */
async function openEditor(p: Page) {
  await p.goto('/dashboard/history');
  await p
    .getByRole('button', { name: /^Modifier/ })
    .first()
    .click();
  await p.getByRole('dialog').getByRole('toolbar').waitFor();
}

async function addText(p: Page, text: string) {
  await p.getByRole('button', { name: 'Nouveau texte' }).click();
  await p.getByRole('textbox', { name: 'Texte' }).fill(text);
  await p.getByRole('textbox', { name: 'Texte' }).press('Enter');
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  tabA = await context.newPage();
  await signedInUser(tabA, 'deux-onglets@example.test', { firstName: 'Lou', lastName: 'Martin' });
  const started = await tabA.request.post('/api/generations/express', {
    data: { style: 'moderne', format: 'square', variants: 1 },
  });
  expect(started.status()).toBe(202);
  // The generation renders in the background: its result is in History once finished.
  for (let waited = 0; waited < 120_000; waited += 500) {
    const history = (await (await tabA.request.get('/api/history')).json()) as HistoryResponse;
    if (history.items.length) break;
    await tabA.waitForTimeout(500);
  }
  resultId = ((await (await tabA.request.get('/api/history')).json()) as HistoryResponse).items[0]!.id;
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('saving the editor’s layers', () => {
  it('the same image in two tabs: the second tab is told its change was made elsewhere, and loads the latest', async () => {
    const tabB = await context.newPage();
    await openEditor(tabA);
    await openEditor(tabB);
    await addText(tabA, 'Texte onglet A');
    await tabA.getByText('Modifications enregistrées').waitFor();

    // On a phone the editor's panels run below the image: the line saying so must stay in sight.
    await tabB.setViewportSize({ width: 390, height: 844 });
    await addText(tabB, 'Texte onglet B');
    const conflict = tabB.getByText('Modifiée ailleurs depuis son ouverture', { exact: false });
    await conflict.waitFor();
    const line = (await conflict.boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(0);
    expect(line.y + line.height).toBeLessThanOrEqual(844);
    await tabB.setViewportSize({ width: 1280, height: 800 });
    // Tab A's work stays: tab B's save was refused, not written over it.
    expect(await savedTexts(tabB)).toEqual(['Texte onglet A']);
    // Later changes in tab B are not saved either, until it loads the latest version.
    await addText(tabB, 'Encore B');
    await tabB.waitForTimeout(1500);
    expect(await savedTexts(tabB)).toEqual(['Texte onglet A']);

    await tabB.getByRole('button', { name: 'Recharger la dernière version' }).click();
    await tabB.getByText('Textes (1)').waitFor();
    await addText(tabB, 'Texte onglet B');
    await tabB.getByText('Modifications enregistrées').waitFor();
    expect(await savedTexts(tabB)).toEqual(['Texte onglet A', 'Texte onglet B']);
    await tabB.close();

    // Escape on a layer's button lets go of the layer first, as the editor's help says; then it
    // closes the window, giving the keyboard back to the entry's "Modifier", not to the page.
    // The text just added is still selected; the keyboard goes to its button in the layers list.
    const layer = tabA.getByRole('button', { name: /^Sélectionner le texte/ }).first();
    await layer.focus();
    expect(await layer.getAttribute('aria-pressed')).toBe('true');
    await tabA.keyboard.press('Escape');
    await tabA.getByText('Sélectionnez un calque ou ajoutez un élément').waitFor();
    expect(await tabA.getByRole('dialog').count()).toBe(1);
    await tabA.keyboard.press('Escape');
    await expect.poll(() => tabA.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => tabA.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Modifier/);
  }, 90_000);

  it('a change made just before the page is reloaded is saved all the same', async () => {
    await openEditor(tabA);
    await tabA.getByText('Textes (2)').waitFor();
    await addText(tabA, 'Juste avant de recharger');
    // Well within the save's debounce: the page goes before it would have sent it.
    await tabA.reload();
    await expect
      .poll(() => savedTexts(tabA), { timeout: 15_000 })
      .toEqual(['Texte onglet A', 'Texte onglet B', 'Juste avant de recharger']);
  }, 60_000);

  it('a save sent as the page goes, overtaking the one before it on the network, is kept', async () => {
    await openEditor(tabA);
    await tabA.getByText('Textes (3)').waitFor();
    // The next save is held in the page until the one after it has been answered, and only then
    // sent: the two reach the server in the wrong order, as they may on a real network. The held
    // save's answer is recorded on the page.
    await tabA.evaluate(() => {
      const send = window.fetch.bind(window);
      let held: (() => void) | null = null;
      window.fetch = (input, init) => {
        if (init?.method !== 'PUT') return send(input, init);
        if (held === null) {
          document.body.dataset.saveHeld = 'yes';
          return new Promise<Response>((resolve, reject) => {
            held = () =>
              void send(input, init).then((response) => {
                document.body.dataset.heldAnswer = String(response.status);
                resolve(response);
              }, reject);
          });
        }
        const next = send(input, init);
        void next.finally(() => held?.());
        return next;
      };
    });
    await addText(tabA, 'Lent');
    await tabA.locator('body[data-save-held]').waitFor({ state: 'attached' });
    await addText(tabA, 'Rapide');
    // The page goes into the browser's back-forward cache (and so lives on): the last change is sent
    // at once, without waiting for the held save.
    await tabA.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
    // The held save, arriving last, is refused rather than put back over the last change...
    await tabA.locator('body[data-held-answer="409"]').waitFor({ state: 'attached' });
    expect(await savedTexts(tabA)).toEqual([...BEFORE_OVERTAKING, 'Lent', 'Rapide']);
    // ...and the page, which knows its own last save was stored, does not report a save made elsewhere.
    const dialog = tabA.getByRole('dialog');
    await dialog.getByText('Modifications enregistrées').waitFor();
    await tabA.waitForTimeout(500);
    expect(await dialog.getByText(/Modifiée ailleurs/).count()).toBe(0);
    await tabA.reload();
  }, 60_000);

  it('the editor closed right after a change and opened again shows it, and goes on saving', async () => {
    await openEditor(tabA);
    await tabA.getByText('Textes (5)').waitFor();
    await addText(tabA, 'Fermé aussitôt');
    await tabA.getByRole('dialog').getByRole('button', { name: 'Fermer' }).first().click();
    await tabA
      .getByRole('button', { name: /^Modifier/ })
      .first()
      .click();
    // Read after the save sent as it closed, not before: no false "changed elsewhere" next.
    await tabA.getByText('Textes (6)').waitFor();
    await addText(tabA, 'Rouvert');
    await tabA.getByText('Modifications enregistrées').waitFor();
    expect(await savedTexts(tabA)).toEqual([
      ...BEFORE_OVERTAKING,
      'Lent',
      'Rapide',
      'Fermé aussitôt',
      'Rouvert',
    ]);
  }, 60_000);

  it('a save whose answer was lost, stored or not, does not stop saving as if made elsewhere', async () => {
    await openEditor(tabA);
    await tabA.getByText('Textes (7)').waitFor();
    // The page's network, as the test sets it for the next save: "lose-answer" sends it and loses the
    // answer (the connection dropped on the way back); "offline" never sends it. Each is counted.
    await tabA.evaluate(() => {
      const send = window.fetch.bind(window);
      const count = (key: 'lost' | 'dropped') =>
        (document.body.dataset[key] = String(Number(document.body.dataset[key] ?? 0) + 1));
      window.fetch = async (input, init) => {
        const mode = init?.method === 'PUT' ? document.body.dataset.nextSave : undefined;
        if (init?.method === 'PUT') delete document.body.dataset.nextSave;
        if (mode === 'lose-answer') {
          await send(input, init);
          count('lost');
          throw new TypeError('Failed to fetch');
        }
        if (mode === 'offline') {
          count('dropped');
          throw new TypeError('Failed to fetch');
        }
        return send(input, init);
      };
    });
    const nextSave = (mode: 'lose-answer' | 'offline') =>
      tabA.evaluate((m) => (document.body.dataset.nextSave = m), mode);
    const before = await savedTexts(tabA);
    const dialog = tabA.getByRole('dialog');

    // Stored, but the page never heard it: it says the change is not saved...
    await nextSave('lose-answer');
    await addText(tabA, 'Réponse perdue');
    await tabA.locator('body[data-lost="1"]').waitFor({ state: 'attached' });
    await dialog.getByText('Impossible d’enregistrer vos modifications').waitFor();
    expect(await savedTexts(tabA)).toEqual([...before, 'Réponse perdue']);
    // ...and the next change is saved, not refused as made elsewhere.
    await addText(tabA, 'Après la réponse perdue');
    await dialog.getByText('Modifications enregistrées').waitFor();
    expect(await savedTexts(tabA)).toEqual([...before, 'Réponse perdue', 'Après la réponse perdue']);

    // Two saves that never left (offline), then one that does: it is stored.
    await nextSave('offline');
    await addText(tabA, 'Hors ligne 1');
    await tabA.locator('body[data-dropped="1"]').waitFor({ state: 'attached' });
    await nextSave('offline');
    await addText(tabA, 'Hors ligne 2');
    await tabA.locator('body[data-dropped="2"]').waitFor({ state: 'attached' });
    await dialog.getByText('Impossible d’enregistrer vos modifications').waitFor();
    await addText(tabA, 'De retour');
    await dialog.getByText('Modifications enregistrées').waitFor();
    expect(await savedTexts(tabA)).toEqual([
      ...before,
      'Réponse perdue',
      'Après la réponse perdue',
      'Hors ligne 1',
      'Hors ligne 2',
      'De retour',
    ]);
    expect(await dialog.getByText(/Modifiée ailleurs/).count()).toBe(0);
  }, 60_000);
});
