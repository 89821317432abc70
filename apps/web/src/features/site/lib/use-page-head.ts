/**
 * Keeps the head of a public page right while the app navigates: title, description and the language
 * alternates (the server sends the same tags with the first HTML, for crawlers).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { LANGUAGES } from '@vitrine/shared/locale';
import { TWIN_PAGES, type TwinPage } from '@vitrine/shared/routes';

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

export function usePageHead(page: TwinPage | 'home') {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t(`seo.${page}.title` as MessageKey);
    setMeta('description', t(`seo.${page}.description` as MessageKey));
    for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
    const origin = window.location.origin;
    const alternates =
      page === 'home'
        ? ([['x-default', '/']] as const)
        : [
            ...LANGUAGES.map((lang) => [lang, TWIN_PAGES[page][lang]] as const),
            ['x-default', TWIN_PAGES[page].fr] as const,
          ];
    for (const [hreflang, path] of alternates) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = origin + path;
      document.head.append(link);
    }
  }, [page, t]);
}
