import { LOCALE_BY_LANG, isLang } from '@vitrine/shared/locale';

/** A calendar date written the way readers of the UI language expect (fr-FR or en-US). */
export function formatLongDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = LOCALE_BY_LANG[isLang(language) ? language : 'fr'];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}
