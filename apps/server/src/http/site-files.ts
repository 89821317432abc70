/**
 * GET /robots.txt and GET /sitemap.xml, for search engines: the public pages in both languages, each
 * French page with its English twin as an alternate; the signed-in app, the API and the dev mailbox are
 * not for crawling. Addresses come from PUBLIC_URL.
 */
import { escapeHtml } from '../lib/html';
import type { FastifyPluginAsync } from 'fastify';
import { LEGAL_UPDATED_ON } from '@vitrine/shared/api/site';
import { LANGUAGES } from '@vitrine/shared/locale';
import { PAGE_PATHS, TWIN_PAGE_NAMES, TWIN_PAGES, type TwinPage } from '@vitrine/shared/routes';

/** The files this module serves, relative to the site's root. */
export const SITE_FILES = ['robots.txt', 'sitemap.xml'] as const;

const LEGAL_PAGES: TwinPage[] = ['privacy', 'terms', 'cookies'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /reset-password',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const entry = (path: string, alternates: string, lastmod?: string) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(publicUrl + path)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      ...(alternates ? [alternates] : []),
      '  </url>',
    ].join('\n');
  const urls = [entry(PAGE_PATHS.home, '')];
  for (const page of TWIN_PAGE_NAMES) {
    const alternates = [
      ...LANGUAGES.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(publicUrl + TWIN_PAGES[page][lang])}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + TWIN_PAGES[page].fr)}"/>`,
    ].join('\n');
    const lastmod = LEGAL_PAGES.includes(page) ? LEGAL_UPDATED_ON : undefined;
    for (const lang of LANGUAGES) urls.push(entry(TWIN_PAGES[page][lang], alternates, lastmod));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function siteFiles(publicUrl: string): FastifyPluginAsync {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  return async (app) => {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
    );
  };
}
