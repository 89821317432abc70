/** A phone in the browser tests: its context (390×844, touch), and two fingers spread on the screen. */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A touch phone's context (390×844), with the cookies of `signedIn` when given. */
export async function phoneContext(
  browser: Browser,
  { locale, baseURL, signedIn }: { locale: string; baseURL: string; signedIn?: BrowserContext },
): Promise<BrowserContext> {
  const phone = await browser.newContext({
    locale,
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  if (signedIn) await phone.addCookies(await signedIn.cookies());
  return phone;
}

/** Two fingers put down `gaps[0]` px either side of `middle`, spread to each next gap, then lifted. */
export async function spreadFingers(
  context: BrowserContext,
  page: Page,
  middle: { x: number; y: number },
  gaps: number[],
): Promise<void> {
  const touch = await context.newCDPSession(page);
  const fingers = (gap: number) => [
    { x: middle.x - gap, y: middle.y, id: 1 },
    { x: middle.x + gap, y: middle.y, id: 2 },
  ];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(gaps[0]!) });
  for (const gap of gaps.slice(1)) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
    await page.waitForTimeout(50);
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
