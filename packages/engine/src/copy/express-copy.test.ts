import { describe, expect, it } from 'vitest';
import { HEADLINE_MAX_LENGTH, localExpressCopy, SUPPORTING_MAX_LENGTH } from './express-copy';
import { wordsNotIn } from './words';

/** Descriptions as shop owners type them, with the copy we expect where it matters. */
const TABLE: { description: string; headline?: string; supporting?: string | null }[] = [
  {
    description: 'Organic bakery in Lyon, sourdough and pastries',
    headline: 'Organic bakery in Lyon',
    supporting: 'Sourdough and pastries',
  },
  {
    description: 'Boulangerie bio à Lyon, pain au levain et viennoiseries',
    headline: 'Boulangerie bio à Lyon',
    supporting: 'Pain au levain et viennoiseries',
  },
  { description: 'Maison Lefèvre', headline: 'Maison Lefèvre', supporting: null },
  { description: 'Café', headline: 'Café', supporting: null },
  { description: 'ok', headline: 'Ok', supporting: null },
  {
    description:
      'Nous sommes une fromagerie familiale à Annecy. Reblochon, tomme et beaufort affinés sur place.',
    headline: 'Fromagerie familiale à Annecy',
    supporting: 'Reblochon, tomme et beaufort affinés sur place',
  },
  {
    description: "We're a family-run flower shop in Bristol: seasonal bouquets, weddings & workshops!",
    headline: 'Family-run flower shop in Bristol',
  },
  {
    description: 'Bienvenue chez L’Atelier d’Émilie — céramiques tournées à la main (Nantes)',
    headline: 'L’Atelier d’Émilie',
    supporting: 'Céramiques tournées à la main, Nantes',
  },
  {
    description: 'Garage Martin – réparation, entretien et carrosserie toutes marques depuis 1987',
    headline: 'Garage Martin',
  },
  {
    description:
      'Independent coffee roastery with single origin beans roasted every week in small batches for cafés and home brewers across the whole of Scotland',
  },
  {
    description:
      'Épicerie fine et cave à vins proposant des produits régionaux soigneusement sélectionnés auprès de petits producteurs de Bourgogne, du Jura et de Savoie, avec dégustations le samedi',
  },
  { description: 'Nouveau ! Pâtisserie Sucre & Sel, ouverte 7j/7 à Bordeaux.' },
  { description: 'Supercalifragilisticexpialidociousandevenlongerbusinessname Ltd' },
  { description: '   ...   ' },
  { description: 'Yoga studio | classes for all levels | Montréal' },
];

describe('Express local copywriter: a short headline and a supporting line from the description', () => {
  it.each(TABLE)('$description', ({ description, headline, supporting }) => {
    const copy = localExpressCopy(description);
    if (!/[\p{L}\p{N}]/u.test(description)) {
      expect(copy).toBeNull();
      return;
    }
    expect(copy).not.toBeNull();
    if (headline !== undefined) expect(copy!.headline).toBe(headline);
    if (supporting !== undefined) expect(copy!.supporting).toBe(supporting);
  });

  it('never invents: every word of the headline and supporting line is a word of the description', () => {
    for (const { description } of TABLE) {
      const copy = localExpressCopy(description);
      if (!copy) continue;
      expect(wordsNotIn(`${copy.headline} ${copy.supporting ?? ''}`, description), description).toEqual([]);
    }
  });

  it('keeps the headline and supporting line within their lengths (one over-long word excepted)', () => {
    for (const { description } of TABLE) {
      const copy = localExpressCopy(description);
      if (!copy) continue;
      if (copy.headline.includes(' ')) {
        expect(copy.headline.length, description).toBeLessThanOrEqual(HEADLINE_MAX_LENGTH);
      }
      expect(copy.supporting?.length ?? 0, description).toBeLessThanOrEqual(SUPPORTING_MAX_LENGTH);
      expect(copy.headline.length).toBeGreaterThan(0);
      // A line never ends on a little word left by a cut, nor on a separator.
      expect(copy.headline, description).not.toMatch(/\s(?:de|à|the|of|in|and|et|pour|with)$|[,;:–-]$/i);
      expect(copy.supporting ?? '', description).not.toMatch(/[,;:–-]$/);
    }
  });

  it('joins clauses with the description’s own marks: nothing after ! or ?, a colon stays a colon', () => {
    expect(localExpressCopy('Épicerie fine « Chez Zoé » : produits d’Italie ! Ouvert 7j/7 ?')).toEqual({
      headline: 'Épicerie fine « Chez Zoé »',
      // The French spaces before ! and ? are set when the text is typeset.
      supporting: 'Produits d’Italie! Ouvert 7j/7?',
    });
    expect(localExpressCopy('Fresh bread daily! Open on Sundays? Yes: 8am to noon')).toEqual({
      headline: 'Fresh bread daily!',
      supporting: 'Open on Sundays? Yes: 8am to noon',
    });
    expect(localExpressCopy('Salon de thé; pâtisseries maison; brunch le dimanche')?.supporting).toBe(
      'Pâtisseries maison; brunch le dimanche',
    );
  });

  it('does not print the whole sentence as the headline when it is long', () => {
    const long = TABLE[9]!.description;
    const copy = localExpressCopy(long)!;
    expect(copy.headline.length).toBeLessThan(long.length);
    expect(copy.headline).toBe('Independent coffee roastery');
    expect(copy.supporting).toMatch(/^With single origin beans/);
  });
});
