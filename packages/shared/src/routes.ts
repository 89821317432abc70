/**
 * The pages the web app has (spec section 2), shared by its router and the server: the server answers
 * these with the app and status 200, any other page path with the app (which shows its 404 screen) and
 * status 404. A page with an English twin lists both paths.
 */
export const PAGE_PATHS = {
  home: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  fusion: '/dashboard',
  express: '/dashboard/express',
  history: '/dashboard/history',
  stats: '/dashboard/stats',
  account: '/dashboard/account',
} as const;

const KNOWN = new Set<string>(Object.values(PAGE_PATHS));

/** Whether a request path is one of the app's pages. Like the router: any case, one trailing slash. */
export function isPagePath(path: string): boolean {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return KNOWN.has(bare.toLowerCase());
}
