import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '@vitrine/shared/i18n/catalog';
import { TWIN_PAGE_NAMES } from '@vitrine/shared/routes';
import { ALL_PAGE_KINDS, pageHtml, pageKindOf } from './page-head';

const PUBLIC_URL = 'https://vitrine.example';
/** The web app's own index.html: its head is what the build keeps. */
const INDEX = fs.readFileSync(path.resolve(__dirname, '../../../web/index.html'), 'utf8');

describe('which page a path is (pageKindOf)', () => {
  it('a twin page is in its own language, whatever the browser says', () => {
    expect(pageKindOf('/about', 'en-US')).toEqual({ page: 'about', lang: 'fr' });
    expect(pageKindOf('/privacy-en', 'fr-FR')).toEqual({ page: 'privacy', lang: 'en' });
    expect(pageKindOf('/Contact-EN/', undefined)).toEqual({ page: 'contact', lang: 'en' });
  });

  it('the home page: French when the browser language starts with fr, else English (also without a header)', () => {
    expect(pageKindOf('/', 'fr-CA,en;q=0.8')).toEqual({ page: 'home', lang: 'fr' });
    expect(pageKindOf('/', 'en-GB,fr;q=0.8')).toEqual({ page: 'home', lang: 'en' });
    expect(pageKindOf('/', 'de')).toEqual({ page: 'home', lang: 'en' });
    expect(pageKindOf('/', undefined)).toEqual({ page: 'home', lang: 'en' });
  });

  it('the dashboard, the reset page and unknown paths are the app', () => {
    for (const p of ['/dashboard', '/dashboard/history', '/reset-password', '/nope'])
      expect(pageKindOf(p, 'fr').page, p).toBe('app');
  });
});

describe('a page’s first HTML (pageHtml)', () => {
  it('replaces the generic title and description with the page’s own, once each, and keeps the rest of the head', () => {
    const html = pageHtml(INDEX, { page: 'terms', lang: 'en' }, PUBLIC_URL);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${translate('en', 'seo.terms.title')}</title>`);
    expect(html).toContain('<meta name="theme-color" content="#1e1b4b" />');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('escapes what it writes into attributes and text', () => {
    const html = pageHtml(INDEX, { page: 'about', lang: 'fr' }, 'https://a.example/?x="><script>');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('href="https://a.example/?x=&quot;&gt;&lt;script&gt;/about"');
  });

  it('the home page has a canonical address and x-default only; twin pages name both languages', () => {
    const home = pageHtml(INDEX, { page: 'home', lang: 'fr' }, PUBLIC_URL);
    expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(home.match(/hreflang=/g)).toHaveLength(1);
    const careers = pageHtml(INDEX, { page: 'careers', lang: 'en' }, PUBLIC_URL);
    expect(careers).toContain(`<link rel="alternate" hreflang="fr" href="${PUBLIC_URL}/careers" />`);
    expect(careers).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/careers-en" />`);
    expect(careers).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/careers" />`);
  });

  it('the app and 404 page carry noindex and no link-preview tags; public pages are indexable', () => {
    const app = pageHtml(INDEX, { page: 'app', lang: 'fr' }, PUBLIC_URL);
    expect(app).toContain('<meta name="robots" content="noindex" />');
    expect(app).not.toContain('og:');
    for (const page of TWIN_PAGE_NAMES)
      expect(pageHtml(INDEX, { page, lang: 'fr' }, PUBLIC_URL), page).not.toContain('noindex');
  });

  it('every kind of page exists in both languages', () => {
    expect(ALL_PAGE_KINDS).toHaveLength(2 * (3 + TWIN_PAGE_NAMES.length));
    expect(new Set(ALL_PAGE_KINDS.map((k) => `${k.page}.${k.lang}`)).size).toBe(ALL_PAGE_KINDS.length);
  });
});
