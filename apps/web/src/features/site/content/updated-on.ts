/** The legal pages' "last updated" date (LEGAL_UPDATED_ON), written out in each language. */
import { LEGAL_UPDATED_ON } from '@vitrine/shared/api/site';
import { LOCALE_BY_LANG, type Lang } from '@vitrine/shared/locale';

export function legalUpdatedOn(lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE_BY_LANG[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_UPDATED_ON}T00:00:00Z`),
  );
}
