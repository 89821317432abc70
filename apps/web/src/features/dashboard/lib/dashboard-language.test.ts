import { describe, expect, it } from 'vitest';
import {
  readDashboardLanguage,
  saveDashboardLanguage,
  startingDashboardLanguage,
} from './dashboard-language';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('dashboard language', () => {
  it('defaults to French when nothing is stored', () => {
    expect(readDashboardLanguage(memoryStorage())).toBe('fr');
    expect(readDashboardLanguage(undefined)).toBe('fr');
  });

  it('is restored from local storage under the key dashboardLanguage', () => {
    expect(readDashboardLanguage(memoryStorage({ dashboardLanguage: 'en' }))).toBe('en');
  });

  it('ignores a stored value that is not a product language', () => {
    expect(readDashboardLanguage(memoryStorage({ dashboardLanguage: 'de' }))).toBe('fr');
  });

  it('is saved in local storage under the key dashboardLanguage', () => {
    const storage = memoryStorage();
    saveDashboardLanguage(storage, 'en');
    expect(storage.data.get('dashboardLanguage')).toBe('en');
  });

  it('falls back to French, and saves nothing, when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDashboardLanguage(refusing)).toBe('fr');
    expect(() => saveDashboardLanguage(refusing, 'en')).not.toThrow();
  });

  describe('where nothing is stored yet', () => {
    it('starts in the language the account was made in (or last chose), and remembers it', () => {
      expect(startingDashboardLanguage(memoryStorage(), { account: 'en', site: 'fr' })).toEqual({
        lang: 'en',
        remember: true,
      });
    });

    it('else in the language chosen on the public site', () => {
      expect(startingDashboardLanguage(memoryStorage(), { account: null, site: 'en' })).toEqual({
        lang: 'en',
        remember: true,
      });
    });

    it('else in French, the spec’s default', () => {
      expect(startingDashboardLanguage(memoryStorage(), { account: null, site: null }).lang).toBe('fr');
    });
  });

  it('a language stored in the dashboard wins over the account’s and the site’s', () => {
    const storage = memoryStorage({ dashboardLanguage: 'fr' });
    expect(startingDashboardLanguage(storage, { account: 'en', site: 'en' })).toEqual({
      lang: 'fr',
      remember: false,
    });
  });
});
