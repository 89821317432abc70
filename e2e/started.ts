/** The built app and a browser for one test file: started before its tests, closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type AppUnderTest } from './app-server';
import { launchBrowser } from './browser';

export function appAndBrowser(): { readonly app: AppUnderTest; readonly browser: Browser } {
  const started: { app?: AppUnderTest; browser?: Browser } = {};
  beforeAll(async () => {
    [started.app, started.browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.app?.close();
  });
  return {
    get app() {
      return started.app!;
    },
    get browser() {
      return started.browser!;
    },
  };
}
