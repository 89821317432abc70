/**
 * Express copy when the form says what the product is ("What is it?"): the name leads, in the user's
 * words; the description goes under it; alone, the name is invited to be discovered in the user's
 * language. Nothing the user did not write is claimed.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@vitrine/shared/locale';
import { BUSINESS_DESCRIPTIONS } from '../test-utils/business-descriptions';
import { inventedClaim } from './check';
import { HEADLINE_MAX_LENGTH, localExpressCopy, SUPPORTING_MAX_LENGTH } from './express-copy';
import { PRODUCT_LINE_WORDS } from './product-name';
import { wordsNotIn } from './words';

const copy = (description: string | undefined, productName: string, language: 'fr' | 'en' = 'fr') =>
  localExpressCopy(description, { productName, language });

describe('Express copy that speaks of the product ("What is it?")', () => {
  it('sets the product’s name as the headline and the description, as one line, under it', () => {
    expect(copy('Cycles Lebrun, vente et réparation de vélos à Grenoble', 'Vélo électrique urbain')).toEqual({
      headline: 'Vélo électrique urbain',
      supporting: 'Cycles Lebrun, vente et réparation de vélos à Grenoble',
    });
    expect(
      copy(
        'Bike shop and repair workshop in central Bristol, servicing all makes of bicycles',
        'urban e-bike',
        'en',
      ),
    ).toEqual({
      headline: 'Urban e-bike',
      supporting: 'Bike shop and repair workshop in central Bristol, servicing all makes of bicycles',
    });
  });

  it('drops the description’s lead-in and cuts a long one at a phrase, as the supporting line is cut', () => {
    const line = copy(
      'Nous sommes une boulangerie bio à Lyon, pain au levain et viennoiseries',
      'Pain au levain',
    )!.supporting;
    expect(line).toBe('Boulangerie bio à Lyon, pain au levain et viennoiseries');
    const long = copy(`Atelier de céramique ${'tournée à la main '.repeat(8)}`, 'Bol en grès')!.supporting!;
    expect(long.length).toBeLessThanOrEqual(SUPPORTING_MAX_LENGTH);
  });

  it('goes on after the name when the description opens with it, in the description’s casing', () => {
    expect(
      copy('Bougie lavande & figue coulée à la main, dans notre atelier de Lyon', 'Bougie lavande & figue'),
    ).toEqual({
      headline: 'Bougie lavande & figue',
      supporting: 'coulée à la main, dans notre atelier de Lyon',
    });
    // The description is the name and nothing more: it is not said twice.
    expect(copy('Bougie lavande & figue', 'bougie lavande & figue')).toEqual({
      headline: 'Découvrez notre bougie lavande & figue',
      supporting: null,
    });
  });

  it('alone, invites to discover the product in the request’s language (plural, a name kept as typed)', () => {
    expect(copy(undefined, 'Vélo électrique urbain')).toEqual({
      headline: 'Découvrez notre vélo électrique urbain',
      supporting: null,
    });
    expect(copy('   ', 'Bougies parfumées')!.headline).toBe('Découvrez nos bougies parfumées');
    expect(copy(undefined, 'Urban e-bike', 'en')!.headline).toBe('Discover our urban e-bike');
    expect(copy(undefined, 'Nike Air Max', 'fr')!.headline).toBe('Découvrez Nike Air Max');
    expect(copy(undefined, 'iPhone case', 'en')!.headline).toBe('Discover iPhone case');
  });

  it('alone, sets the name without the invitation where it would not fit or does not read as one phrase', () => {
    const long = 'Coffret découverte thés verts et infusions bio';
    expect(copy(undefined, long)).toEqual({ headline: long, supporting: null });
    expect(`Découvrez notre ${long}`.length).toBeGreaterThan(HEADLINE_MAX_LENGTH);
    expect(copy(undefined, '2 bougies achetées, la 3e offerte')!.headline).toBe(
      '2 bougies achetées, la 3e offerte',
    );
    expect(copy(undefined, 'Soldes : tout doit partir')!.headline).toBe('Soldes : tout doit partir');
  });

  const NAMES = [
    'Bougie lavande & figue',
    'Vélo électrique urbain',
    'Savon d’Alep 200 g',
    'Nike Air Max 90',
    'Pack 3 + 1',
    'Crème de jour à l’aloé vera',
    'Thé vert sencha n°5',
    'Urban e-bike 250W',
    'Lavender & fig candle',
    'Coffret découverte thés verts et infusions bio',
  ];
  const DESCRIPTIONS = [
    undefined,
    ...BUSINESS_DESCRIPTIONS.filter((_, index) => index % 5 === 0).map((row) => row.description),
  ];

  it('never invents a claim: every word is the user’s or the invitation’s; no figure, currency or superlative of its own', () => {
    let lines = 0;
    for (const language of LANGUAGES)
      for (const productName of NAMES)
        for (const description of DESCRIPTIONS) {
          const written = copy(description, productName, language)!;
          const userWords = [productName, description ?? ''].join(' ');
          for (const line of [written.headline, written.supporting]) {
            if (line === null) continue;
            lines++;
            // What is left once the user's own words and the invitation's are taken out: nothing.
            expect(wordsNotIn(line, `${userWords} ${PRODUCT_LINE_WORDS[language]}`), line).toEqual([]);
            // The claims filter the language model's copy is checked with (check.ts) finds nothing.
            expect(inventedClaim(line, userWords), line).toBeNull();
            const figures = (text: string) => text.match(/[\d€$£¥%]/gu) ?? [];
            for (const figure of figures(line)) expect(figures(userWords), line).toContain(figure);
          }
        }
    expect(lines).toBeGreaterThan(NAMES.length * DESCRIPTIONS.length * 2);
  });

  it('the claims filter the test relies on does find an invented price, figure or superlative', () => {
    const userWords = 'Vélo électrique urbain';
    expect(inventedClaim('Le meilleur vélo électrique urbain', userWords)).toBe('invented_claim');
    expect(inventedClaim('Vélo électrique urbain parfait', userWords)).toBe('invented_claim');
    expect(inventedClaim('The best urban e-bike', 'Urban e-bike')).toBe('invented_claim');
    expect(inventedClaim('Vélo électrique urbain à 999 €', userWords)).toBe('invented_figure');
    expect(inventedClaim('Vélo électrique urbain n°1', userWords)).toBe('invented_figure');
  });

  it('without a name (absent, empty, blank), writes the copy it wrote before "What is it?" existed', () => {
    for (const row of BUSINESS_DESCRIPTIONS)
      for (const productName of [undefined, null, '', '   '])
        expect(localExpressCopy(row.description, { productName, language: row.language })).toEqual(
          localExpressCopy(row.description),
        );
    expect(localExpressCopy(undefined, { productName: '', language: 'fr' })).toBeNull();
  });
});
