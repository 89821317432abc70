/** The two languages of the product and how one is picked from what a browser or a request says. */
export const LANGUAGES = ['fr', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_DASHBOARD_LANGUAGE: Lang = 'fr';
export const DASHBOARD_LANGUAGE_STORAGE_KEY = 'dashboardLanguage';
export const LOCALE_BY_LANG: Record<Lang, string> = { fr: 'fr-FR', en: 'en-US' };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The spec's rule for the public pages: French when the browser language starts with "fr", else English. */
export function langFromBrowserLanguage(language: string | undefined | null): Lang {
  return language?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/**
 * The language of an HTTP request: the first tag of Accept-Language with the highest weight.
 * The web client sends the language the user chose, so the server answers in it. Without a header
 * the product's default applies; any language other than French gets English, as on the public pages.
 */
export function langFromAcceptLanguage(header: string | undefined | null, fallback: Lang = 'fr'): Lang {
  if (!header) return fallback;
  let best: { tag: string; q: number } | undefined;
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  if (!best) return fallback;
  return langFromBrowserLanguage(best.tag);
}
