import { describe, expect, it } from 'vitest';
import { FUSION_PALETTES, FUSION_STYLES, SLOGAN_MAX_LENGTH } from '@vitrine/shared/api/generation';
import { LANGUAGES } from '@vitrine/shared/locale';
import { checkLine } from './check';
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
