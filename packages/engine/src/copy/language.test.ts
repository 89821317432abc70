import { describe, expect, it } from 'vitest';
import { detectLanguage, resolveLanguage } from './language';

describe('language of a text, detected from accents and common words', () => {
  it.each([
    ['Boulangerie bio à Lyon, pain au levain et viennoiseries', 'fr'],
    ['Le goût du vrai', 'fr'],
    ["L'atelier d'Emma", 'fr'],
    ['Torréfié depuis 1952', 'fr'],
    ['Organic bakery in Lyon, sourdough and pastries', 'en'],
    ['The taste of real bread', 'en'],
    ["Don't miss our new collection", 'en'],
    ['Fresh flowers for every day', 'en'],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('answers null when the text gives no sign: a bare name, a number, nothing', () => {
    for (const text of ['Dupont', 'Studio Mila', '2024', '', '   ']) expect(detectLanguage(text)).toBeNull();
  });

  it('prefers the interface language sent with the request over what the text says', () => {
    expect(resolveLanguage('en', ['Boulangerie bio à Lyon'])).toEqual({ language: 'en', source: 'request' });
    expect(resolveLanguage(undefined, ['The best bread', null])).toEqual({
      language: 'en',
      source: 'detected',
    });
    expect(resolveLanguage(null, ['Dupont', undefined])).toEqual({ language: 'fr', source: 'default' });
  });
});
