import { useCallback, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@vitrine/shared/locale';
import { api } from '../../../lib/api-client';
import { browserStorage } from '../../../lib/browser-storage';
import { useSession } from '../../../lib/session';
import { storedSiteLanguage } from '../../site/lib/site-language';
import { saveDashboardLanguage, startingDashboardLanguage } from '../lib/dashboard-language';

/** The account remembers the choice too, for the next browser; a failure only loses that. */
function rememberOnAccount(lang: Lang) {
  api('/api/profile/language', { method: 'PUT', json: { language: lang } }).catch(() => {});
}

/**
 * Puts the dashboard in its own language (the one remembered there, else the person's: decision 038)
 * and returns the function that remembers a new choice. A layout effect, so the first paint is
 * already in it. The session is loaded before the dashboard renders.
 */
export function useDashboardLanguage(): (lang: Lang) => void {
  const { i18n } = useTranslation();
  const account = useSession().data?.user.language ?? null;
  useLayoutEffect(() => {
    const storage = browserStorage();
    const { lang, remember } = startingDashboardLanguage(storage, { account, site: storedSiteLanguage() });
    if (remember) saveDashboardLanguage(storage, lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, account]);
  return useCallback((lang: Lang) => {
    saveDashboardLanguage(browserStorage(), lang);
    rememberOnAccount(lang);
  }, []);
}
