/** Debian's Chromium driven by playwright-core, with the flags this machine needs (see docs/testing.md). */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Public pages arrive rendered, before their code runs: a click in that moment does nothing (or, on a
 * form, what a form without script does). Pages of these contexts wait, after each navigation, until
 * the app has taken the page over (`<html data-live>`, set by the app once mounted).
 */
export function waitUntilLive(context: BrowserContext): BrowserContext {
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Only the app's pages have a root (not the dev mailbox, an image or an API answer).
      if (await page.locator('#root').count())
        await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: 20_000 });
      return response;
    };
  });
  return context;
}

export async function newContext(
  browser: Browser,
  locale: 'fr-FR' | 'en-US',
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return waitUntilLive(
    await browser.newContext({ locale, baseURL, viewport: { width: 1280, height: 800 }, ...options }),
  );
}

/** Run before a page's own scripts: the visitor has already chosen about cookies (necessary only). */
export const COOKIES_CHOSEN = `localStorage.setItem('cookieConsent', JSON.stringify({ necessary: true, analytics: false, marketing: false, date: Date.now() }))`;

/** A context whose visitor already chose about cookies, so the banner stays out of the way. */
export async function contextWithConsent(
  browser: Browser,
  locale: 'fr-FR' | 'en-US',
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, locale, baseURL, options);
  await context.addInitScript(COOKIES_CHOSEN);
  return context;
}
