/** The language the app shows now, and the locale that formats dates and numbers in it. */
import i18n from 'i18next';
import { LOCALE_BY_LANG, isLang, type Lang } from '@vitrine/shared/locale';

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'fr';
}

export function localeOf(lang: Lang): string {
  return LOCALE_BY_LANG[lang];
}
