/**
 * Web benchmark: what the public pages cost a visitor. For the built app that `npm start` serves:
 * - the JavaScript and CSS the home page's HTML names (script, modulepreload and stylesheet tags), and
 *   every public page (both languages) loaded in Chromium: all the JavaScript it really loads (the
 *   entry and what it imports), compressed with gzip as the server sends it, and whether any of it
 *   comes from the signed-in app (read from the bundles' source maps);
 * - Lighthouse on / in its default mobile emulation (simulated slow 4G and a slowed-down CPU):
 *   performance and accessibility scores, median of BENCH_LIGHTHOUSE_RUNS runs (3 by default).
 * Prints JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { TWIN_PAGES } from '../packages/shared/src/routes';
import { machine, percentile, round, startBenchServer, waitHealthy } from './lib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];
/** Source folders that belong to the signed-in app: none of their code may load on a public page. */
const APP_ONLY =
  /\/src\/(app\/dashboard-route|features\/(dashboard|fusion|express|history|stats|account|editor|generations|cutout|image-picker|image-viewer|billing\/components\/usage-card|auth\/components\/(auth-page|sign-up|sign-in|reset)))/;

const gzipKb = (file: string) => round(zlib.gzipSync(fs.readFileSync(file)).length / 1024);

/** The files index.html makes the browser fetch before the app runs. */
function initialAssets() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const files = [...new Set(refs)].map((ref) => ({ ref, file: path.join(DIST, ref) }));
  const js = files.filter((f) => f.ref.endsWith('.js'));
  const css = files.filter((f) => f.ref.endsWith('.css'));
  const sum = (list: typeof files) => round(list.reduce((total, f) => total + gzipKb(f.file), 0));
  return { js_files: js.length, js_gzip_kb: sum(js), css_files: css.length, css_gzip_kb: sum(css) };
}

/** The app-only source files a bundle holds, from its source map. */
function appOnlySources(asset: string): string[] {
  const map = path.join(DIST, `${asset}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.filter((source) => APP_ONLY.test(source.replaceAll('\\', '/')));
}

async function publicPages(base: string) {
  const paths = ['/', ...Object.values(TWIN_PAGES).flatMap((twins) => [twins.fr, twins.en])];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const pages = [];
  try {
    for (const pagePath of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(base + pagePath, { waitUntil: 'networkidle' });
      const loaded = [...scripts];
      const jsKb = round(
        loaded.reduce((total, ref) => {
          const file = path.join(DIST, ref);
          return total + (fs.existsSync(file) ? gzipKb(file) : 0);
        }, 0),
      );
      const appCode = loaded.flatMap(appOnlySources);
      pages.push({ path: pagePath, js_files: loaded.length, js_gzip_kb: jsKb, app_only_sources: appCode });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

async function lighthouseRuns(url: string) {
  const runs: { performance: number; accessibility: number; lcp_ms: number; tbt_ms: number; cls: number }[] =
    [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { categories, audits } = result.lhr;
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
      });
      const failing = Object.values(audits)
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
        .map((audit) => audit.id);
      if (failing.length)
        process.stderr.write(`lighthouse run ${i + 1}: failing audits ${failing.join(', ')}\n`);
    } finally {
      chrome.kill();
    }
  }
  const median = (key: keyof (typeof runs)[number]) =>
    percentile(
      runs.map((run) => run[key]),
      50,
    );
  return {
    runs: RUNS,
    form_factor: 'mobile (Lighthouse default emulation and throttling)',
    performance_median: median('performance'),
    accessibility_median: median('accessibility'),
    lcp_ms_median: median('lcp_ms'),
    tbt_ms_median: median('tbt_ms'),
    cls_median: median('cls'),
    each: runs,
  };
}

const server = await startBenchServer('web');
await waitHealthy(server.base);
try {
  const initial = initialAssets();
  const pages = await publicPages(server.base);
  const lh = await lighthouseRuns(`${server.base}/`);
  const home = pages.find((page) => page.path === '/');
  console.log(
    JSON.stringify(
      {
        bench: 'web',
        machine: machine(),
        home_initial_assets: initial,
        home_js_loaded_gzip_kb: home?.js_gzip_kb,
        home_js_files_loaded: home?.js_files,
        public_pages_max_js_gzip_kb: Math.max(...pages.map((page) => page.js_gzip_kb)),
        public_pages_loading_app_code: pages
          .filter((page) => page.app_only_sources.length)
          .map((p) => p.path),
        lighthouse_home: lh,
        targets: { home_js_gzip_kb: 150, performance: 95, accessibility: 95 },
        pages,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
