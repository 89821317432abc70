import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page · Vitrine" in the tab, following the UI language. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
}
