import { describe, expect, it } from 'vitest';
import { checkLine } from './check';

const fr = { max: 40, language: 'fr', source: 'Boulangerie bio à Lyon depuis 1952' } as const;
const en = { max: 40, language: 'en', source: 'Organic bakery in Lyon, free tasting' } as const;

describe('a model’s line is checked before it is used', () => {
  it('accepts one plain line in the requested language, trimmed', () => {
    expect(checkLine('  Le pain de Lyon depuis 1952 ', fr)).toEqual({
      ok: true,
      text: 'Le pain de Lyon depuis 1952',
    });
    expect(checkLine('Bread worth the morning walk', en)).toEqual({
      ok: true,
      text: 'Bread worth the morning walk',
    });
    // A line with no sign of either language passes: names and short words are common in slogans.
    expect(checkLine('Lyon, 1952', fr)).toMatchObject({ ok: true });
  });

  it.each([
    [42, 'not_text'],
    ['   ', 'empty'],
    ['Une ligne\nDeux lignes', 'multiline'],
    ['x'.repeat(41), 'too_long'],
    ['"Le goût du vrai"', 'quoted'],
    ['« Le goût du vrai »', 'quoted'],
    ['<b>Le goût</b> du vrai', 'markup'],
    ['**Le goût** du vrai', 'markup'],
    ['# Le goût du vrai', 'markup'],
    ['- Le goût du vrai', 'markup'],
    ['[Le goût](https://x.fr)', 'url'],
    ['Le goût sur www.dupre.fr', 'url'],
    ['Le goût sur dupre.com', 'url'],
    ['The taste of real bread', 'wrong_language'],
    ['Le pain à 2 € depuis 1952', 'invented_figure'],
    ['Le pain bio -20 %', 'invented_figure'],
    ['Le meilleur pain de Lyon', 'invented_claim'],
    ['Livraison à Lyon', 'invented_claim'],
    ['Le pain parfait de Lyon', 'invented_claim'],
    ['Le pain n°1 de Lyon', 'invented_figure'],
  ] as const)('%j is refused: %s', (line, issue) => {
    expect(checkLine(line, fr)).toEqual({ ok: false, issue });
  });

  it('lets a figure or a promise through when the source says it', () => {
    expect(checkLine('Free tasting in Lyon', en)).toMatchObject({ ok: true });
    expect(checkLine('Since 1952, the best bread', en)).toEqual({ ok: false, issue: 'invented_figure' });
    expect(checkLine('Depuis 1952 à Lyon', fr)).toMatchObject({ ok: true });
    expect(checkLine('Le pain bio en français', { ...fr, language: 'en' })).toEqual({
      ok: false,
      issue: 'wrong_language',
    });
  });
});
