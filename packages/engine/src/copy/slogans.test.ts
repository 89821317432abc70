import { describe, expect, it } from 'vitest';
import { FUSION_PALETTES, FUSION_STYLES, SLOGAN_MAX_LENGTH } from '@vitrine/shared/api/generation';
import { LANGUAGES } from '@vitrine/shared/locale';
import { checkLine } from './check';
import { PRODUCT_LINE_WORDS } from './product-name';
import { localSlogans, PALETTE_MOODS, STYLE_MOODS, SUGGESTION_COUNT, type SloganContext } from './slogans';
import { wordsNotIn } from './words';

const base: SloganContext = { style: 'vintage', palette: 'chaude', language: 'fr' };

describe('local slogan suggestions (Fusion “Suggest” with the local copywriter)', () => {
  it('offers three distinct lines within the slogan field’s length, for every style, palette and language', () => {
    for (const language of LANGUAGES)
      for (const style of FUSION_STYLES)
        for (const palette of FUSION_PALETTES) {
          const lines = localSlogans({ style, palette, language });
          expect(lines, `${language} ${style} ${palette}`).toHaveLength(SUGGESTION_COUNT);
          expect(new Set(lines).size).toBe(SUGGESTION_COUNT);
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(SLOGAN_MAX_LENGTH);
        }
  });

  it('starts from what the user typed, cut to a slogan, and never suggests the slogan already there', () => {
    const lines = localSlogans({
      ...base,
      slogan: 'Le goût du vrai',
      tagline: 'Torréfié à Lyon depuis 1952, en petites quantités',
    });
    expect(lines[0]).toBe('Torréfié à Lyon depuis 1952');
    expect(lines[1]).toBe('Torréfié à Lyon depuis 1952 – le charme d’autrefois');
    expect(lines).not.toContain('Le goût du vrai');
  });

  it('never invents: every word comes from the user’s text or the mood lines of the style and palette', () => {
    const typed = { slogan: 'Coffee roasted in Lyon', tagline: 'Small batches since 1952, for cafés' };
    for (const style of FUSION_STYLES) {
      for (const line of localSlogans({ ...base, ...typed, style, language: 'en' })) {
        const vocabulary = [typed.slogan, typed.tagline, ...STYLE_MOODS.en[style], PALETTE_MOODS.en.chaude];
        expect(wordsNotIn(line, vocabulary.join(' ')), line).toEqual([]);
      }
    }
  });

  it('mood lines hold no figure, price or promise and read as their language', () => {
    for (const language of LANGUAGES) {
      const moods = [
        ...Object.values(STYLE_MOODS[language]).flat(),
        ...Object.values(PALETTE_MOODS[language]),
      ];
      for (const mood of moods) {
        expect(checkLine(mood, { max: SLOGAN_MAX_LENGTH, language, source: '' }), mood).toMatchObject({
          ok: true,
        });
      }
    }
  });
});

describe('suggestions that speak of the product ("What is it?")', () => {
  it('lead with the product: its name, then an invitation to discover it, in the user’s language', () => {
    expect(localSlogans({ ...base, productName: 'Bougie lavande & figue' }).slice(0, 2)).toEqual([
      'Bougie lavande & figue',
      'Découvrez notre bougie lavande & figue',
    ]);
    expect(localSlogans({ ...base, productName: 'Bougies parfumées' })[1]).toBe(
      'Découvrez nos bougies parfumées',
    );
    expect(localSlogans({ ...base, language: 'en', productName: 'Urban e-bike' }).slice(0, 2)).toEqual([
      'Urban e-bike',
      'Discover our urban e-bike',
    ]);
  });

  it('suggest an offer as it was written, never invited to ("Découvrez 2 achetées…" is not French)', () => {
    const lines = localSlogans({ ...base, productName: '2 achetées, la 3e offerte' });
    expect(lines[0]).toBe('2 achetées, la 3e offerte');
    expect(lines.some((line) => line.startsWith('Découvrez'))).toBe(false);
  });

  it('keep a name as it was typed where it reads as a name (capitals inside, a brand)', () => {
    expect(localSlogans({ ...base, productName: 'Nike Air Max' })[1]).toBe('Découvrez Nike Air Max');
    expect(localSlogans({ ...base, language: 'en', productName: 'iPhone case' })[1]).toBe(
      'Discover iPhone case',
    );
  });

  it('never invent a claim: every word is the user’s, the invitation’s or a mood line’s; no figure the user did not write', () => {
    for (const language of LANGUAGES)
      for (const style of FUSION_STYLES) {
        const typed = { productName: 'Vélo électrique urbain', tagline: 'Livré monté, prêt à rouler' };
        for (const line of localSlogans({ ...base, ...typed, style, language })) {
          const vocabulary = [
            typed.productName,
            typed.tagline,
            PRODUCT_LINE_WORDS[language],
            ...STYLE_MOODS[language][style],
            PALETTE_MOODS[language].chaude,
          ];
          expect(wordsNotIn(line, vocabulary.join(' ')), line).toEqual([]);
          expect(line).not.toMatch(/\d/);
        }
      }
  });

  it('still suggests three lines when the name is the slogan already typed', () => {
    const lines = localSlogans({ ...base, productName: 'Savon d’Alep', slogan: 'Savon d’Alep' });
    expect(lines).toHaveLength(SUGGESTION_COUNT);
    expect(lines).not.toContain('Savon d’Alep');
  });
});
