/** The sidebar's entries (spec section 2, Dashboard layout) and the rule that marks one as current. */
export type NavItem = {
  id: 'fusion' | 'express' | 'history' | 'stats' | 'account';
  to: string;
  labelKey: `dashboard.nav.${NavItem['id']}`;
  /** Fusion sits at /dashboard itself, so it would match every page by prefix: it needs the exact path. */
  exact?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'fusion', to: '/dashboard', labelKey: 'dashboard.nav.fusion', exact: true },
  { id: 'express', to: '/dashboard/express', labelKey: 'dashboard.nav.express' },
  { id: 'history', to: '/dashboard/history', labelKey: 'dashboard.nav.history' },
  { id: 'stats', to: '/dashboard/stats', labelKey: 'dashboard.nav.stats' },
  { id: 'account', to: '/dashboard/account', labelKey: 'dashboard.nav.account' },
];

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isNavItemActive(item: Pick<NavItem, 'to' | 'exact'>, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  if (item.exact) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** History shows a wide table; every other dashboard page keeps a readable maximum width. */
export function isFullWidthPage(pathname: string): boolean {
  return isNavItemActive({ to: '/dashboard/history' }, pathname);
}
