import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, langFromBrowserLanguage } from './locale';

describe('home page language detection', () => {
  it('is French when the browser language starts with fr, else English', () => {
    expect(langFromBrowserLanguage('fr')).toBe('fr');
    expect(langFromBrowserLanguage('fr-CA')).toBe('fr');
    expect(langFromBrowserLanguage('en-US')).toBe('en');
    expect(langFromBrowserLanguage('de-DE')).toBe('en');
    expect(langFromBrowserLanguage(undefined)).toBe('en');
  });
});

describe('request language from Accept-Language', () => {
  it('takes the tag with the highest weight', () => {
    expect(langFromAcceptLanguage('en-US,fr;q=0.5')).toBe('en');
    expect(langFromAcceptLanguage('de;q=0.2, fr-FR;q=0.9, en;q=0.8')).toBe('fr');
  });
  it('answers English for other languages and the default when the header is missing or junk', () => {
    expect(langFromAcceptLanguage('es-ES')).toBe('en');
    expect(langFromAcceptLanguage(undefined)).toBe('fr');
    expect(langFromAcceptLanguage(';;;,*')).toBe('fr');
    expect(langFromAcceptLanguage('fr;q=abc, en')).toBe('en');
  });
});
