import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWIN_PAGE_NAMES, TWIN_PAGES } from '@vitrine/shared/routes';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { createTestApp, type TestApp } from './helpers/test-app';
import { rawGet } from './helpers/raw-request';
import { checkWellFormedXml } from './helpers/xml';

const PUBLIC_URL = 'https://vitrine.example';
const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-site-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(path.join(dist, 'prerendered', 'home.fr.html'), '<h1>Vos produits</h1>');
  fs.writeFileSync(path.join(dist, 'prerendered', 'home.en.html'), '<h1>Your products</h1>');
  fs.writeFileSync(path.join(dist, 'prerendered', 'about.en.html'), '<h1>About Vitrine</h1>');
  // Files of these names in the web build must not replace the server's own.
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  fs.writeFileSync(path.join(dist, 'sitemap.xml'), '<urlset>built</urlset>');
  // Nor may a file a build tool leaves with a dot before its name.
  fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, lang?: string, host?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(lang && { 'accept-language': lang }), ...(host && { host }) },
  });

/** The head's tags as the crawler sees them. */
function head(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ),
    og: Object.fromEntries(
      [...html.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ),
    twitter: attr(/<meta name="twitter:card" content="([^"]*)"/),
    noindex: /<meta name="robots" content="noindex"/.test(html),
    root: attr(/<div id="root">([\s\S]*?)<\/div>/),
  };
}

const unescape = (text: string) =>
  text
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

describe('per-page HTML for crawlers and link previews', () => {
  it('every twin page, in each language, has its language, title, description, canonical, hreflang and Open Graph tags', async () => {
    for (const name of TWIN_PAGE_NAMES) {
      for (const lang of ['fr', 'en'] as const) {
        const url = TWIN_PAGES[name][lang];
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        const h = head(res.body);
        const title = translate(lang, `seo.${name}.title` as MessageKey);
        expect(h.lang, url).toBe(lang);
        expect(h.titles, url).toBe(1);
        expect(h.descriptions, url).toBe(1);
        expect(unescape(h.title!), url).toBe(title);
        expect(unescape(h.description!), url).toBe(translate(lang, `seo.${name}.description` as MessageKey));
        expect(h.canonical, url).toBe(`${PUBLIC_URL}${url}`);
        expect(h.alternates, url).toEqual({
          fr: `${PUBLIC_URL}${TWIN_PAGES[name].fr}`,
          en: `${PUBLIC_URL}${TWIN_PAGES[name].en}`,
          'x-default': `${PUBLIC_URL}${TWIN_PAGES[name].fr}`,
        });
        expect(h.og, url).toMatchObject({
          'og:type': 'website',
          'og:url': `${PUBLIC_URL}${url}`,
          'og:image': `${PUBLIC_URL}/og-image.jpg`,
          'og:image:width': '1200',
          'og:image:height': '630',
          'og:locale': lang === 'fr' ? 'fr_FR' : 'en_US',
          'og:locale:alternate': lang === 'fr' ? 'en_US' : 'fr_FR',
        });
        expect(unescape(h.og['og:title']!), url).toBe(title);
        expect(h.twitter).toBe('summary_large_image');
        expect(h.noindex, url).toBe(false);
      }
    }
  });

  it('the home page follows the browser’s language: French for fr-*, English otherwise', async () => {
    const fr = head((await page('/', 'fr-CA,fr;q=0.9,en;q=0.5')).body);
    const en = head((await page('/', 'de-DE,de;q=0.9')).body);
    expect(fr.lang).toBe('fr');
    expect(unescape(fr.title!)).toBe(translate('fr', 'seo.home.title'));
    expect(en.lang).toBe('en');
    expect(unescape(en.title!)).toBe(translate('en', 'seo.home.title'));
    expect(fr.canonical).toBe(`${PUBLIC_URL}/`);
    expect(fr.alternates).toEqual({ 'x-default': `${PUBLIC_URL}/` });
    const res = await page('/', 'fr');
    expect(res.headers.vary).toMatch(/accept-language/i);
    // A twin page is the same whatever the browser's language: caches need not keep one per language.
    expect((await page('/about-en', 'fr')).headers.vary ?? '').not.toMatch(/accept-language/i);
  });

  it('public pages arrive with their prerendered body; pages without one keep the empty root', async () => {
    expect(head((await page('/', 'fr')).body).root).toBe('<h1>Vos produits</h1>');
    expect(head((await page('/', 'en')).body).root).toBe('<h1>Your products</h1>');
    expect(head((await page('/about-en')).body).root).toBe('<h1>About Vitrine</h1>');
    expect(head((await page('/about')).body).root).toBe('');
    expect(head((await page('/dashboard')).body).root).toBe('');
  });

  it('a forged Host header never reaches the tags: addresses come from PUBLIC_URL', async () => {
    const res = await page('/contact-en', 'en', 'evil.example');
    expect(res.body).not.toContain('evil.example');
    expect(head(res.body).canonical).toBe(`${PUBLIC_URL}/contact-en`);
  });

  it('the signed-in app, the reset page, sign-in and the 404 page are not indexed', async () => {
    for (const url of ['/dashboard', '/dashboard/history', '/reset-password', '/auth', '/no-such-page']) {
      const h = head((await page(url, 'en')).body);
      expect(h.noindex, url).toBe(true);
      expect(h.titles, url).toBe(1);
    }
    expect((await page('/no-such-page')).statusCode).toBe(404);
  });

  it('a page address that is not valid percent-encoding, or with a segment longer than any id, gets the 404 page, not JSON', async () => {
    const long = `/billing/checkout/${'a'.repeat(300)}`;
    for (const url of ['/%ZZ', '/about%', long]) {
      const res = await page(url, 'en');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head(res.body).noindex, url).toBe(true);
      // Answered before any hook runs, yet with the security headers of every page (no framing).
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // The API keeps its JSON answers.
    const api = await page('/api/uploads/%ZZ', 'en');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('the built index.html and the prerendered bodies are not served bare (no page without its head)', async () => {
    for (const url of [
      '/index.html',
      '/prerendered/home.fr.html',
      '/prerendered/about.en.html',
      '/prerendered/',
    ]) {
      const res = await page(url, 'fr');
      expect(res.statusCode, url).toBe(404);
      expect(head(res.body).noindex, url).toBe(true);
    }
  });

  it('nor by a roundabout address sent as it is: dot segments, escapes, doubled slashes, letter case', async () => {
    const addresses = [
      '/./index.html',
      '/assets/../index.html',
      '/%2e/index.html',
      '/index.html/.',
      '/INDEX.HTML',
      '/assets/../prerendered/home.fr.html',
      '/x/%2e%2e/prerendered/home.fr.html',
      '//prerendered/home.fr.html',
      '/%70rerendered/home.fr.html',
      '/Prerendered/home.fr.html',
      '/./robots.txt',
      '/%2e/sitemap.xml',
      '/a%5c..%5cindex.html',
      '/..%5cindex.html',
      '/../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
    ];
    for (const address of addresses) {
      const res = await rawGet(t.app, address);
      expect(res.status, address).toBe(404);
      expect(res.contentType, address).toMatch(/text\/html/);
      expect(res.body, address).toContain('<div id="root">');
      for (const bare of ['<h1>', 'Disallow: /', '<urlset>built', 'SECRET', 'root:'])
        expect(res.body, address).not.toContain(bare);
    }
  });

  it('keeps the rest of the built page: its script tag and charset', async () => {
    const body = (await page('/terms')).body;
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(body).toContain('<meta charset="UTF-8" />');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('the server’s own robots.txt and sitemap.xml are served, not files of the same names in the web build', async () => {
    expect((await page('/robots.txt')).body).not.toContain('Disallow: /\n');
    expect((await page('/robots.txt')).body).toContain('Sitemap:');
    expect((await page('/sitemap.xml')).body).not.toContain('built');
  });

  it('robots.txt lets crawlers read the public pages, not the app, the API or the mailbox, and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    for (const rule of ['Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /auth', 'Disallow: /dev/'])
      expect(lines).toContain(rule);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the home page and every public page in both languages, with their twins', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = [
      `${PUBLIC_URL}/`,
      ...TWIN_PAGE_NAMES.flatMap((name) => [
        `${PUBLIC_URL}${TWIN_PAGES[name].fr}`,
        `${PUBLIC_URL}${TWIN_PAGES[name].en}`,
      ]),
    ];
    expect(locs.sort()).toEqual(expected.sort());
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/privacy-en"/>`);
    expect(res.body.match(/<lastmod>2025-06-08<\/lastmod>/g)).toHaveLength(6);
    expect(() => checkWellFormedXml(res.body)).not.toThrow();
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
