/** The visitor's explicit language choice on the public pages (localStorage `siteLanguage`). */
import { isLang, type Lang } from '@vitrine/shared/locale';

const KEY = 'siteLanguage';

export function storedSiteLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberSiteLanguage(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this visit only.
  }
}
