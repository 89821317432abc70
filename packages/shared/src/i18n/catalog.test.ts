import { describe, expect, it } from 'vitest';
import { catalogs, interpolate, leafKeys, translate } from './catalog';

describe('translation catalogs', () => {
  it('French and English hold exactly the same keys', () => {
    const fr = leafKeys(catalogs.fr).sort();
    const en = leafKeys(catalogs.en).sort();
    expect(fr.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !fr.includes(k))).toEqual([]);
  });

  it('no message is empty in either language', () => {
    for (const lang of ['fr', 'en'] as const) {
      for (const key of leafKeys(catalogs[lang])) {
        expect(translate(lang, key as never).trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('both languages use the same placeholders in each message', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of leafKeys(catalogs.fr)) {
      expect(placeholders(translate('en', key as never)), key).toEqual(
        placeholders(translate('fr', key as never)),
      );
    }
  });

  it('says how long to wait with the language’s plural, never “minute(s)”', () => {
    expect(translate('fr', 'errors.RATE_LIMITED', { minutes: 1 })).toBe(
      'Trop de tentatives. Veuillez réessayer dans 1 minute.',
    );
    expect(translate('fr', 'errors.RATE_LIMITED', { minutes: 49 })).toBe(
      'Trop de tentatives. Veuillez réessayer dans 49 minutes.',
    );
    expect(translate('en', 'errors.RATE_LIMITED', { minutes: 1 })).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
    expect(translate('en', 'uploads.tooManyUploads', { minutes: 2 })).toMatch(/in 2 minutes\.$/);
    for (const lang of ['fr', 'en'] as const)
      for (const key of leafKeys(catalogs[lang]))
        expect(translate(lang, key as never), `${lang}:${key}`).not.toContain('(s)');
  });

  it('interpolates i18next-style placeholders and leaves unknown ones visible', () => {
    expect(interpolate('max {{limit}} ({{other}})', { limit: '1 MB' })).toBe('max 1 MB ({{other}})');
  });

  it('fails loudly on a missing key', () => {
    expect(() => translate('fr', 'errors.NOPE' as never)).toThrow(/Missing translation/);
  });
});
