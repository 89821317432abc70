/**
 * Spec section 1: the dashboard's language is remembered in local storage (dashboardLanguage) and is
 * French by default. Where nothing is remembered yet (a first visit, another browser), it starts in
 * the person's own language: the account's (signed up in, or last chosen in the dashboard), else the
 * one chosen on the public site; decision 038.
 */
import {
  DASHBOARD_LANGUAGE_STORAGE_KEY,
  DEFAULT_DASHBOARD_LANGUAGE,
  isLang,
  type Lang,
} from '@vitrine/shared/locale';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

export function storedDashboardLanguage(storage: ReadableStorage | undefined): Lang | null {
  try {
    const stored = storage?.getItem(DASHBOARD_LANGUAGE_STORAGE_KEY);
    return isLang(stored) ? stored : null;
  } catch {
    // Storage can be refused (private browsing, blocked cookies): as if nothing were stored.
    return null;
  }
}

export function readDashboardLanguage(storage: ReadableStorage | undefined): Lang {
  return storedDashboardLanguage(storage) ?? DEFAULT_DASHBOARD_LANGUAGE;
}

/** The language a dashboard opens in, and whether it still has to be remembered. */
export function startingDashboardLanguage(
  storage: ReadableStorage | undefined,
  known: { account: Lang | null; site: Lang | null },
): { lang: Lang; remember: boolean } {
  const stored = storedDashboardLanguage(storage);
  if (stored) return { lang: stored, remember: false };
  return { lang: known.account ?? known.site ?? DEFAULT_DASHBOARD_LANGUAGE, remember: true };
}

export function saveDashboardLanguage(storage: WritableStorage | undefined, lang: Lang): void {
  try {
    storage?.setItem(DASHBOARD_LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not remembering the choice is acceptable; breaking the toggle is not.
  }
}
