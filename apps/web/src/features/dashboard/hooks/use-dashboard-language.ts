import { useCallback, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@vitrine/shared/locale';
import { browserStorage } from '../../../lib/browser-storage';
import { readDashboardLanguage, saveDashboardLanguage } from '../lib/dashboard-language';

/**
 * Puts the dashboard in its own language (French by default, else the last one chosen there) and
 * returns the function that remembers a new choice. A layout effect, so the first paint is already in it.
 */
export function useDashboardLanguage(): (lang: Lang) => void {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    const lang = readDashboardLanguage(browserStorage());
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n]);
  return useCallback((lang: Lang) => saveDashboardLanguage(browserStorage(), lang), []);
}
