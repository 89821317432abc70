/** Which language the app starts in (spec section 1, and the public pages' twin paths). */
import { langFromBrowserLanguage, type Lang } from '@vitrine/shared/locale';
import { twinPageOf } from '@vitrine/shared/routes';

/**
 * A public page's path decides its language (/about is French, /about-en English). Elsewhere the
 * visitor's explicit choice on the public pages wins, then the browser's language: French if it starts
 * with "fr", else English. (The dashboard then applies its own rule, French unless chosen otherwise.)
 */
export function initialLanguage(
  path: string,
  stored: Lang | null,
  browserLanguage: string | undefined,
): Lang {
  return twinPageOf(path)?.lang ?? stored ?? langFromBrowserLanguage(browserLanguage);
}
