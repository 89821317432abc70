import { LOCALE_BY_LANG, isLang } from '@vitrine/shared/locale';

/** A percentage (0 to 100) the way each language writes it: "40 %" in French, "40%" in English. */
export function formatPercent(value: number, language: string): string {
  const locale = LOCALE_BY_LANG[isLang(language) ? language : 'fr'];
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A count with the language's digit grouping: "1 234" / "1,234". */
export function formatCount(value: number, language: string): string {
  const locale = LOCALE_BY_LANG[isLang(language) ? language : 'fr'];
  return new Intl.NumberFormat(locale).format(value);
}
