/** Debian's Chromium driven by playwright-core, with the flags this machine needs (see docs/testing.md). */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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

export function newContext(
  browser: Browser,
  locale: 'fr-FR' | 'en-US',
  baseURL: string,
): Promise<BrowserContext> {
  return browser.newContext({ locale, baseURL, viewport: { width: 1280, height: 800 } });
}
