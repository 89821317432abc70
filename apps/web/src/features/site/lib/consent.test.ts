import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY, readConsent, saveConsent } from './consent';

function memory(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[CONSENT_STORAGE_KEY, initial]]);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    raw: () => data.get(CONSENT_STORAGE_KEY),
  };
}

const NOW = Date.UTC(2026, 10, 25);

describe('cookie consent', () => {
  it('no stored consent: the banner shows', () => {
    expect(readConsent(memory(), NOW)).toBeNull();
    expect(readConsent(undefined, NOW)).toBeNull();
  });

  it('a choice is stored with its date, necessary always on, and read back', () => {
    const storage = memory();
    saveConsent(storage, { analytics: true, marketing: false }, NOW);
    expect(JSON.parse(storage.raw()!)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      date: NOW,
    });
    expect(readConsent(storage, NOW + 1000)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      date: NOW,
    });
  });

  it('is kept 180 days (15552000000 ms) and asked again after', () => {
    expect(CONSENT_MAX_AGE_MS).toBe(15_552_000_000);
    const storage = memory();
    saveConsent(storage, { analytics: false, marketing: false }, NOW);
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS)).not.toBeNull();
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('anything unreadable counts as no consent: bad JSON, wrong shape, necessary off, a future date', () => {
    for (const raw of [
      '{',
      'null',
      '"yes"',
      JSON.stringify({ necessary: true, analytics: 'yes', marketing: false, date: NOW }),
      JSON.stringify({ necessary: false, analytics: false, marketing: false, date: NOW }),
      JSON.stringify({ necessary: true, analytics: false, marketing: false }),
      JSON.stringify({ necessary: true, analytics: false, marketing: false, date: NOW + 86_400_000 }),
    ]) {
      expect(readConsent(memory(raw), NOW), raw).toBeNull();
    }
  });

  it('storage that throws (blocked by the browser) reads as no consent and does not break saving', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readConsent(blocked, NOW)).toBeNull();
    expect(saveConsent(blocked, { analytics: false, marketing: true }, NOW).marketing).toBe(true);
  });
});
