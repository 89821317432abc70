import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from './routes';

describe('page paths', () => {
  it('knows every page of the app, with one trailing slash or any case as the router accepts', () => {
    for (const path of Object.values(PAGE_PATHS)) expect(isPagePath(path), path).toBe(true);
    expect(isPagePath('/dashboard/history/')).toBe(true);
    expect(isPagePath('/Dashboard/Express')).toBe(true);
  });

  it('any other path is not a page', () => {
    for (const path of ['/nope', '/dashboard/nope', '/dashboard/history/x', '/dashboard//', '/auth-en', ''])
      expect(isPagePath(path), path).toBe(false);
  });
});
