/** Typed access to the French and English catalogs, shared by the web app and the server. */
import fr from './fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import type { Lang } from '../locale';

export type Catalog = typeof fr;
export const catalogs: Record<Lang, Catalog> = { fr, en };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key, as a dotted path ("errors.NOT_FOUND"). */
export type MessageKey = Leaves<Catalog>;
export type MessageParams = Record<string, string | number>;

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether a string names a sentence of the catalogs (a contract's rule message, for instance). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(catalogs.fr, key) !== undefined;
}

/** Same placeholder syntax as i18next ({{name}}), so one catalog serves both sides. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const template = lookup(catalogs[lang], key);
  if (template === undefined) throw new Error(`Missing translation "${key}" in ${lang}`);
  return interpolate(template, withDurations(lang, params));
}

/**
 * A `minutes` number also gives `minutesText`, the duration in words with the language's plural
 * ("1 minute", "49 minutes"; French counts 0 and 1 as singular), for messages that say how long to wait.
 */
function withDurations(lang: Lang, params?: MessageParams): MessageParams | undefined {
  if (typeof params?.minutes !== 'number') return params;
  const count = params.minutes;
  const form = new Intl.PluralRules(lang).select(count) === 'one' ? 'minuteOne' : 'minuteOther';
  return { ...params, minutesText: interpolate(catalogs[lang].common[form], { count }) };
}

/** Every leaf key of a catalog object, for the test that keeps both languages in step. */
export function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}
