/**
 * Takes a full-page screenshot of a running app page in headless Chromium, to look at what a user sees.
 * Usage: node --import tsx scripts/screenshot.ts <url> <out.png> [locale=fr-FR] [width=1280] [height=800]
 */
import { launchBrowser } from '../e2e/browser';

const [url, out, locale = 'fr-FR', width = '1280', height = '800'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: screenshot <url> <out.png> [locale] [width] [height]');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    locale,
    viewport: { width: Number(width), height: Number(height) },
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
