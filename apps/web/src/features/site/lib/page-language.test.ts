import { describe, expect, it } from 'vitest';
import { initialLanguage } from './page-language';

describe('the language the app starts in', () => {
  it('a public page’s path decides: French path French, -en path English, whatever was chosen', () => {
    expect(initialLanguage('/about', 'en', 'en-US')).toBe('fr');
    expect(initialLanguage('/privacy-en', 'fr', 'fr-FR')).toBe('en');
    expect(initialLanguage('/Contact-EN/', null, 'fr')).toBe('en');
  });

  it('the home page: the visitor’s remembered choice first', () => {
    expect(initialLanguage('/', 'en', 'fr-FR')).toBe('en');
    expect(initialLanguage('/', 'fr', 'de-DE')).toBe('fr');
  });

  it('the home page without a choice: French if the browser language starts with fr, else English', () => {
    expect(initialLanguage('/', null, 'fr-CA')).toBe('fr');
    expect(initialLanguage('/', null, 'fr')).toBe('fr');
    expect(initialLanguage('/', null, 'en-GB')).toBe('en');
    expect(initialLanguage('/', null, 'es-ES')).toBe('en');
    expect(initialLanguage('/', null, undefined)).toBe('en');
  });
});
