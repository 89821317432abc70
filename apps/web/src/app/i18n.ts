/** i18next set up on the shared catalogs. The starting language follows the browser (spec section 1). */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogs, type Catalog } from '@vitrine/shared/i18n/catalog';
import { LOCALE_BY_LANG, isLang, langFromBrowserLanguage, type Lang } from '@vitrine/shared/locale';

declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

function syncDocumentLanguage(lang: string) {
  document.documentElement.lang = lang;
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'fr';
}

export function localeOf(lang: Lang): string {
  return LOCALE_BY_LANG[lang];
}

export async function setupI18n(initial: Lang = langFromBrowserLanguage(navigator.language)) {
  i18n.on('languageChanged', syncDocumentLanguage);
  await i18n.use(initReactI18next).init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: ['fr', 'en'],
    resources: { fr: { translation: catalogs.fr }, en: { translation: catalogs.en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key is loud in development and shows its key (never an empty string) in production.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`Missing translation: ${key}`),
  });
  syncDocumentLanguage(initial);
  return i18n;
}
