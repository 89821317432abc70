import { describe, expect, it } from 'vitest';
import { TWIN_PAGE_NAMES } from '@vitrine/shared/routes';
import { checkWellFormedXml } from '../../test/helpers/xml';
import { robotsTxt, sitemapXml } from './site-files';

describe('sitemap.xml', () => {
  it('is well-formed XML with the home page and every public page in both languages', () => {
    const xml = sitemapXml('https://vitrine.example');
    expect(() => checkWellFormedXml(xml)).not.toThrow();
    expect(xml.match(/<url>/g)).toHaveLength(1 + 2 * TWIN_PAGE_NAMES.length);
    expect(xml).toContain('<loc>https://vitrine.example/</loc>');
  });

  it('escapes the public address', () => {
    const xml = sitemapXml('https://vitrine.example/a&b');
    expect(() => checkWellFormedXml(xml)).not.toThrow();
    expect(xml).toContain('<loc>https://vitrine.example/a&amp;b/about</loc>');
  });

  it('the checker itself refuses what is not well-formed', () => {
    expect(() => checkWellFormedXml('<a><b></a></b>')).toThrow();
    expect(() => checkWellFormedXml('<a>x & y</a>')).toThrow();
    expect(() => checkWellFormedXml('<a></a><a></a>')).toThrow();
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the API, the app, sign-in, the reset page and the dev mailbox', () => {
    const lines = robotsTxt('https://vitrine.example').split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/dashboard', '/auth', '/reset-password', '/dev/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://vitrine.example/sitemap.xml');
    // No public page is under a refused prefix.
    const refused = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const page of [
      '/about',
      '/about-en',
      '/contact',
      '/careers-en',
      '/status',
      '/privacy',
      '/terms',
      '/cookies-en',
    ])
      expect(
        refused.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(false);
  });
});
