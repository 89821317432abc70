import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isFullWidthPage, isNavItemActive } from './nav-items';

const item = (id: string) => {
  const found = NAV_ITEMS.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
};
const activeIds = (pathname: string) =>
  NAV_ITEMS.filter((entry) => isNavItemActive(entry, pathname)).map((e) => e.id);

describe('dashboard navigation', () => {
  it('lists Fusion, Express, History, Stats and Account in the spec’s order and paths', () => {
    expect(NAV_ITEMS.map((e) => [e.id, e.to])).toEqual([
      ['fusion', '/dashboard'],
      ['express', '/dashboard/express'],
      ['history', '/dashboard/history'],
      ['stats', '/dashboard/stats'],
      ['account', '/dashboard/account'],
    ]);
  });

  it('Fusion is active only on the exact path /dashboard', () => {
    expect(isNavItemActive(item('fusion'), '/dashboard')).toBe(true);
    expect(isNavItemActive(item('fusion'), '/dashboard/')).toBe(true);
    expect(isNavItemActive(item('fusion'), '/dashboard/express')).toBe(false);
    expect(isNavItemActive(item('fusion'), '/dashboard/account')).toBe(false);
  });

  it('the other items are active by path prefix, on whole path segments', () => {
    expect(isNavItemActive(item('history'), '/dashboard/history')).toBe(true);
    expect(isNavItemActive(item('history'), '/dashboard/history/42')).toBe(true);
    expect(isNavItemActive(item('history'), '/dashboard/historyx')).toBe(false);
    expect(isNavItemActive(item('account'), '/dashboard/account/')).toBe(true);
  });

  it('exactly one item is active on each dashboard page', () => {
    expect(activeIds('/dashboard')).toEqual(['fusion']);
    expect(activeIds('/dashboard/express')).toEqual(['express']);
    expect(activeIds('/dashboard/stats')).toEqual(['stats']);
    expect(activeIds('/dashboard/account')).toEqual(['account']);
  });

  it('History uses the full width; the other pages have a maximum width', () => {
    expect(isFullWidthPage('/dashboard/history')).toBe(true);
    expect(isFullWidthPage('/dashboard')).toBe(false);
    expect(isFullWidthPage('/dashboard/account')).toBe(false);
  });
});
