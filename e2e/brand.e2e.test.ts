/**
 * "Ma marque / My brand" in the browser: a shop owner fills the account page's brand card (a logo
 * uploaded, a colour picked by its hex code and named, a typography, a signature), saves it, reloads
 * and finds it as saved; the Fusion form then shows "Appliquer ma marque" switched on, saying what the
 * generation gets, and so does the Express form. axe finds nothing on the account page with the card filled.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BrandKit } from '@vitrine/shared/api/brand';
import { expectNoAxeViolations } from './axe';
import { newContext } from './browser';
import { appAndBrowser } from './started';
import { signedInUser } from './session';

const started = appAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext(started.browser, 'fr-FR', started.app.url);
  page = await context.newPage();
  await signedInUser(page, 'ma-marque@example.test', { firstName: 'Inès', lastName: 'Morel' });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

const brandCard = (p: Page) => p.getByRole('region', { name: 'Ma marque', exact: true });

describe('the brand kit on the account page', () => {
  it('filled, saved and reloaded, it is there as saved; the Fusion and Express forms offer to apply it, switched on', async () => {
    await page.goto('/dashboard/account');
    const card = brandCard(page);
    await card.waitFor();

    const logo = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 42, g: 157, b: 143, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await card
      .getByRole('group', { name: 'Logo', exact: true })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await card.getByText('Image prête', { exact: true }).waitFor({ timeout: 30_000 });

    await card.getByRole('button', { name: 'Ajouter une couleur' }).click();
    await card.getByRole('textbox', { name: 'Code de la couleur 1' }).fill('#2A9D8F');
    await card.getByRole('textbox', { name: 'Nom de la couleur 1' }).fill('Vert lagon');
    // The picker follows the code typed.
    expect(await card.getByLabel('Couleur 1', { exact: true }).inputValue()).toBe('#2a9d8f');
    await card.getByRole('combobox', { name: 'Typographie préférée' }).selectOption({ label: 'Élégant' });
    await card.getByRole('textbox', { name: 'Signature' }).fill('www.lagon-boutique.fr');
    await card.getByRole('button', { name: 'Enregistrer ma marque' }).click();
    await page.getByText('Votre marque est enregistrée.').first().waitFor();

    await page.reload();
    const reloaded = brandCard(page);
    await reloaded.getByRole('textbox', { name: 'Code de la couleur 1' }).waitFor();
    expect(await reloaded.getByRole('textbox', { name: 'Code de la couleur 1' }).inputValue()).toBe(
      '#2a9d8f',
    );
    expect(await reloaded.getByRole('textbox', { name: 'Nom de la couleur 1' }).inputValue()).toBe(
      'Vert lagon',
    );
    expect(await reloaded.getByRole('combobox', { name: 'Typographie préférée' }).inputValue()).toBe(
      'élégant',
    );
    expect(await reloaded.getByRole('textbox', { name: 'Signature' }).inputValue()).toBe(
      'www.lagon-boutique.fr',
    );
    await reloaded.getByText('Image prête', { exact: true }).waitFor();
    const kit = (await (await page.request.get('/api/brand')).json()) as BrandKit;
    expect(kit).toMatchObject({
      colours: [{ hex: '#2a9d8f', name: 'Vert lagon' }],
      logo: { name: 'logo.png' },
      typography: 'élégant',
      signature: 'www.lagon-boutique.fr',
    });
    await expectNoAxeViolations(page, 'account page with the brand kit');

    await page.goto('/dashboard');
    const apply = page.getByRole('switch', { name: 'Appliquer ma marque' });
    await apply.waitFor();
    expect(await apply.isChecked()).toBe(true);
    const line = page.locator('[data-brand-switch] p');
    expect(await line.innerText()).toBe(
      'Cette génération reçoit la palette «\u00a0Ma marque\u00a0», votre logo dans un coin libre, votre signature en petit et la typographie «\u00a0Élégant\u00a0».',
    );
    await apply.click();
    expect(await line.innerText()).toBe('Votre marque ne sera pas appliquée à cette génération.');

    // The Express form offers it too, switched on.
    await page.goto('/dashboard/express');
    const applyExpress = page.getByRole('switch', { name: 'Appliquer ma marque' });
    await applyExpress.waitFor();
    expect(await applyExpress.isChecked()).toBe(true);
  }, 120_000);
});
