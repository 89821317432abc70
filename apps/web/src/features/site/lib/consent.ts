/**
 * Cookie consent (spec sections 3 and 4): kept in local storage with its date; asked again when none is
 * stored, when what is stored cannot be read, or when it is older than 180 days.
 */
export const CONSENT_STORAGE_KEY = 'cookieConsent';
/** 180 days: the banner shows again after this long (the policy says consent is kept 6 months). */
export const CONSENT_MAX_AGE_MS = 15_552_000_000;

export type Consent = { necessary: true; analytics: boolean; marketing: boolean; date: number };
export type ConsentChoice = { analytics: boolean; marketing: boolean };

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

function isConsent(value: unknown): value is Consent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.necessary === true &&
    typeof v.analytics === 'boolean' &&
    typeof v.marketing === 'boolean' &&
    typeof v.date === 'number' &&
    Number.isFinite(v.date)
  );
}

/** The stored consent if it is readable and still valid at `now`, else null (the banner shows). */
export function readConsent(storage: ReadableStorage | undefined, now: number): Consent | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isConsent(parsed)) return null;
  // A date in the future is as unreadable as a missing one.
  if (parsed.date > now || now - parsed.date > CONSENT_MAX_AGE_MS) return null;
  return parsed;
}

/** Keeps a choice with its date; necessary cookies are always on. */
export function saveConsent(
  storage: WritableStorage | undefined,
  choice: ConsentChoice,
  now: number,
): Consent {
  const consent: Consent = {
    necessary: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
    date: now,
  };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage refused: the choice holds for this visit; the banner asks again next time.
  }
  return consent;
}

/** The footer's "Cookie settings" link opens the banner's detailed view through this event. */
export const OPEN_COOKIE_SETTINGS = 'vitrine:cookie-settings';
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS));
}
