/**
 * Slogan suggestions on the Fusion page, on a 390-pixel-wide phone: “Suggérer” offers three lines
 * written from the tagline and the chosen style (the local copywriter), reached and picked with the
 * keyboard; the pick fills the slogan field; Escape closes the list; in English the button and the
 * suggestions speak English; once the form says what the product is, they speak of it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startApp, type AppUnderTest } from './app-server';
import { signedInUser } from './session';

let app: AppUnderTest;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fs.mkdirSync('e2e/.artifacts', { recursive: true });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  context = await newContext(browser, 'fr-FR', app.url);
  page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInUser(page, 'slogans@example.test', { firstName: 'Léa', lastName: 'Martin' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const focusedText = (p: Page) => p.evaluate(() => document.activeElement?.textContent ?? '');

describe('slogan suggestions', () => {
  it('suggests three slogans from the tagline, picked with the keyboard, at 390 px', async () => {
    await page.goto('/dashboard');
    await page.getByRole('combobox', { name: /^Style de rendu/ }).selectOption({ label: 'Vintage' });
    const slogan = page.getByRole('textbox', { name: /^Slogan principal/ });
    await page.getByRole('textbox', { name: /^Slogan secondaire/ }).fill('Torréfié à Lyon depuis 1952');
    await page.getByRole('button', { name: 'Suggérer des slogans' }).click();
    const list = page.getByRole('group', { name: /^Suggestions/ });
    await list.waitFor();
    const choices = list.getByRole('listitem');
    expect(await choices.count()).toBe(3);
    expect(await choices.allTextContents()).toEqual([
      'Torréfié à Lyon depuis 1952',
      'Torréfié à Lyon depuis 1952 – le charme d’autrefois',
      'Le charme d’autrefois',
    ]);
    // Focus is on the first suggestion; Tab reaches the next one, Enter picks it.
    expect(await focusedText(page)).toBe('Torréfié à Lyon depuis 1952');
    await page.screenshot({ path: 'e2e/.artifacts/slogan-suggestions-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await slogan.inputValue()).toBe('Torréfié à Lyon depuis 1952 – le charme d’autrefois');
    expect(await list.count()).toBe(0);
    // Back in the field, ready to edit the picked line.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');

    // Escape closes the list and leaves the field as it was.
    await page.getByRole('button', { name: 'Suggérer des slogans' }).click();
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await slogan.inputValue()).toBe('Torréfié à Lyon depuis 1952 – le charme d’autrefois');
  }, 60_000);

  it('speaks English in English', async () => {
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    await page.getByRole('textbox', { name: /^Secondary tagline/ }).fill('');
    await page.getByRole('textbox', { name: /^Main slogan/ }).fill('');
    await page.getByRole('button', { name: 'Suggest slogans' }).click();
    const list = page.getByRole('group', { name: /^Suggestions: pick one/ });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'Timeless charm',
      'Warm to the core',
      'A touch of yesteryear',
    ]);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('textbox', { name: /^Main slogan/ }).inputValue()).toBe('Timeless charm');
  }, 60_000);

  it('speaks of the product once the form says what it is ("What is it?")', async () => {
    await page.getByRole('textbox', { name: /^What is it\?/ }).fill('Urban e-bike');
    await page.getByRole('textbox', { name: /^Main slogan/ }).fill('');
    await page.getByRole('button', { name: 'Suggest slogans' }).click();
    const list = page.getByRole('group', { name: /^Suggestions: pick one/ });
    await list.waitFor();
    const lines = await list.getByRole('listitem').allTextContents();
    expect(lines.slice(0, 2)).toEqual(['Urban e-bike', 'Discover our urban e-bike']);
    await page.keyboard.press('Escape');
  }, 60_000);
});
