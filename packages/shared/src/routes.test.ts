import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS, TWIN_PAGE_NAMES, twinPageOf, twinPath } from './routes';

describe('page paths', () => {
  it('knows every page of the app, with one trailing slash or any case as the router accepts', () => {
    for (const path of Object.values(PAGE_PATHS)) expect(isPagePath(path), path).toBe(true);
    expect(isPagePath('/dashboard/history/')).toBe(true);
    expect(isPagePath('/Dashboard/Express')).toBe(true);
  });

  it('any other path is not a page', () => {
    for (const path of [
      '/nope',
      '/dashboard/nope',
      '/dashboard/history/x',
      '/dashboard//',
      '/auth-en',
      '/home-en',
      '',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('twin pages', () => {
  it('every public page has a French path and an English "-en" path, both known pages', () => {
    for (const page of TWIN_PAGE_NAMES) {
      const fr = twinPath(page, 'fr');
      const en = twinPath(page, 'en');
      expect(en).toBe(`${fr}-en`);
      expect(isPagePath(fr) && isPagePath(en)).toBe(true);
      expect(twinPageOf(fr)).toEqual({ page, lang: 'fr' });
      expect(twinPageOf(`${en.toUpperCase()}/`)).toEqual({ page, lang: 'en' });
    }
  });

  it('other paths are no twin page', () => {
    for (const path of ['/', '/auth', '/dashboard', '/about-fr', '/contact-en/x'])
      expect(twinPageOf(path), path).toBeUndefined();
  });
});
