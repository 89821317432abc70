/**
 * How the catalog's top-level sections are shipped to the browser. The public pages load the common
 * sections with the first bundle; the sections only the signed-in app uses come with the dashboard's
 * code, so visitors of the public pages do not download them; the server's own sections never reach
 * the browser.
 */
export const APP_ONLY_SECTIONS = [
  'dashboard',
  'account',
  'brand',
  'uploads',
  'generations',
  'fusion',
  'express',
  'result',
  'viewer',
  'history',
  'stats',
  'usage',
  'imagePicker',
  'cutout',
  'cutoutEditor',
  'again',
  'editor',
] as const;

export const SERVER_ONLY_SECTIONS = ['mail', 'billingPage'] as const;

export type CatalogPart = 'public' | 'app';

/** Which part of the browser's catalog a top-level section belongs to; undefined for the server's own. */
export function catalogPartOf(section: string): CatalogPart | undefined {
  if ((SERVER_ONLY_SECTIONS as readonly string[]).includes(section)) return undefined;
  return (APP_ONLY_SECTIONS as readonly string[]).includes(section) ? 'app' : 'public';
}

/** The sections of a catalog that belong to one part. */
export function pickCatalogPart<T extends Record<string, unknown>>(
  catalog: T,
  part: CatalogPart,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([section]) => catalogPartOf(section) === part),
  ) as Partial<T>;
}
