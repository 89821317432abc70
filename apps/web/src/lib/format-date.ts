import { LOCALE_BY_LANG, isLang } from '@vitrine/shared/locale';

/** A calendar date written the way readers of the UI language expect (fr-FR or en-US). */
export function formatLongDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = LOCALE_BY_LANG[isLang(language) ? language : 'fr'];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

function localeOf(language: string): string {
  return LOCALE_BY_LANG[isLang(language) ? language : 'fr'];
}

/** A date with its time, short (history's generation date). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A calendar date, short: "12 mars 2027" / "Mar 12, 2027". */
export function formatMediumDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** A time of day: "14:05" / "2:05 PM". */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(date);
}
