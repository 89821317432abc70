/**
 * i18next set up on the shared catalogs. The starting language follows the browser (spec section 1).
 * It starts with the sections every page needs; the dashboard adds its own when its code loads.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalog } from '@vitrine/shared/i18n/catalog';
import publicCatalogs from 'virtual:catalog/public';
import { langFromBrowserLanguage, type Lang } from '@vitrine/shared/locale';

declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

function syncDocumentLanguage(lang: string) {
  // Absent when the public pages are rendered to HTML at build time.
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function setupI18n(initial: Lang = langFromBrowserLanguage(navigator.language)) {
  i18n.on('languageChanged', syncDocumentLanguage);
  await i18n.use(initReactI18next).init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: ['fr', 'en'],
    resources: {
      fr: { translation: publicCatalogs.fr },
      en: { translation: publicCatalogs.en },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A missing key is loud in development and shows its key (never an empty string) in production.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`Missing translation: ${key}`),
  });
  syncDocumentLanguage(initial);
  return i18n;
}

/** Adds the sections only the signed-in app uses (loaded with the dashboard's code). */
export function addCatalogs(catalogs: Record<Lang, Partial<Catalog>>) {
  for (const lang of ['fr', 'en'] as const)
    i18n.addResourceBundle(lang, 'translation', catalogs[lang], true, true);
}
