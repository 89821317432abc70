/**
 * The pages the web app has (spec section 2), shared by its router and the server: the server answers
 * these with the app and status 200, any other page path with the app (which shows its 404 screen) and
 * status 404. A public page with an English twin lists both paths (the French one has no suffix, the
 * English one ends in "-en").
 */
import type { Lang } from './locale';

/** The public pages that exist in both languages, each at a French path and an English "-en" path. */
export const TWIN_PAGES = {
  about: { fr: '/about', en: '/about-en' },
  careers: { fr: '/careers', en: '/careers-en' },
  contact: { fr: '/contact', en: '/contact-en' },
  status: { fr: '/status', en: '/status-en' },
  privacy: { fr: '/privacy', en: '/privacy-en' },
  terms: { fr: '/terms', en: '/terms-en' },
  cookies: { fr: '/cookies', en: '/cookies-en' },
} as const satisfies Record<string, Record<Lang, string>>;

export type TwinPage = keyof typeof TWIN_PAGES;
export const TWIN_PAGE_NAMES = Object.keys(TWIN_PAGES) as TwinPage[];

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

const KNOWN = new Set<string>([
  ...Object.values(PAGE_PATHS),
  ...Object.values(TWIN_PAGES).flatMap((twins) => [twins.fr, twins.en]),
]);

function bare(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase();
}

/** Whether a request path is one of the app's pages. Like the router: any case, one trailing slash. */
export function isPagePath(path: string): boolean {
  return KNOWN.has(bare(path));
}

/** The twin page a path is, in which language; undefined for any other path. */
export function twinPageOf(path: string): { page: TwinPage; lang: Lang } | undefined {
  const wanted = bare(path);
  for (const page of TWIN_PAGE_NAMES) {
    const twins = TWIN_PAGES[page];
    if (twins.fr === wanted) return { page, lang: 'fr' };
    if (twins.en === wanted) return { page, lang: 'en' };
  }
  return undefined;
}

/** The path of a twin page in a language. */
export function twinPath(page: TwinPage, lang: Lang): string {
  return TWIN_PAGES[page][lang];
}
