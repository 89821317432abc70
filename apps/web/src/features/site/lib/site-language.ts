/** The visitor's explicit language choice on the public pages (localStorage `siteLanguage`). */
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, langFromBrowserLanguage, type Lang } from '@vitrine/shared/locale';

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

/**
 * Puts a public page without a language of its own in its address (the home page, sign-in) back in the
 * visitor's language: their choice, else the browser's. The dashboard has its own language, and a
 * page reached from it without a reload would otherwise stay in it. A layout effect, so the first
 * paint is already in the right language.
 */
export function useSiteLanguage(): void {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    const lang = storedSiteLanguage() ?? langFromBrowserLanguage(navigator.language);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n]);
}
