/** Spec section 1: the dashboard is in French unless the user picked a language there before. */
import {
  DASHBOARD_LANGUAGE_STORAGE_KEY,
  DEFAULT_DASHBOARD_LANGUAGE,
  isLang,
  type Lang,
} from '@vitrine/shared/locale';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

export function readDashboardLanguage(storage: ReadableStorage | undefined): Lang {
  try {
    const stored = storage?.getItem(DASHBOARD_LANGUAGE_STORAGE_KEY);
    return isLang(stored) ? stored : DEFAULT_DASHBOARD_LANGUAGE;
  } catch {
    // Storage can be refused (private browsing, blocked cookies): the default still applies.
    return DEFAULT_DASHBOARD_LANGUAGE;
  }
}

export function saveDashboardLanguage(storage: WritableStorage | undefined, lang: Lang): void {
  try {
    storage?.setItem(DASHBOARD_LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not remembering the choice is acceptable; breaking the toggle is not.
  }
}
