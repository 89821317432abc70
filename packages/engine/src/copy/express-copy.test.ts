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

  it('keeps the headline and supporting line within their lengths (one over-long phrase excepted)', () => {
    for (const { description } of TABLE) {
      const copy = localExpressCopy(description);
      if (!copy) continue;
      // A first phrase with no cut in it may run half as long again; a single word, whatever it takes.
      if (copy.headline.includes(' ')) {
        expect(copy.headline.length, description).toBeLessThanOrEqual(HEADLINE_MAX_LENGTH * 1.5);
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
    // The supporting line goes on with the headline's phrase: no capital is added to "with".
    expect(copy.supporting).toBe(
      'with single origin beans roasted every week in small batches for cafés and home brewers',
    );
  });
});

describe('Express headline cut at phrase boundaries, never inside a noun phrase', () => {
  it('cuts before the preposition that opens a new phrase, not after the last word that fits', () => {
    expect(
      localExpressCopy(
        'Hand-poured soy candles from a small workshop in Lyon, scented with lavender and fig.',
      ),
    ).toEqual({
      headline: 'Hand-poured soy candles',
      supporting: 'from a small workshop in Lyon, scented with lavender and fig',
    });
  });

  it('cuts at punctuation first, then before a conjunction, relative, participle or preposition', () => {
    expect(localExpressCopy('Fleuriste à Nantes, bouquets et compositions pour vos mariages')?.headline).toBe(
      'Fleuriste à Nantes',
    );
    expect(localExpressCopy('Traiteur libanais qui cuisine chaque jour des mezzés et des grillades')).toEqual(
      {
        headline: 'Traiteur libanais',
        supporting: 'qui cuisine chaque jour des mezzés et des grillades',
      },
    );
    expect(localExpressCopy('Handmade leather bags made to order in our Glasgow workshop')).toEqual({
      headline: 'Handmade leather bags made to order',
      supporting: 'in our Glasgow workshop',
    });
  });

  it('keeps the longest run of whole phrases that fits, dropping whole trailing phrases', () => {
    expect(localExpressCopy('Bike shop and repair workshop in central Bristol')).toEqual({
      headline: 'Bike shop and repair workshop',
      supporting: 'in central Bristol',
    });
    // "de vélos" completes "vente": the cut goes before "et", not inside "vente de vélos".
    expect(
      localExpressCopy('Atelier de réparation de vélos et vente de vélos d’occasion reconditionnés à Nantes'),
    ).toEqual({
      headline: 'Atelier de réparation de vélos',
      supporting: 'et vente de vélos d’occasion reconditionnés à Nantes',
    });
    // "from a small", "au cœur du" or "et cave à": never a headline.
    for (const description of [
      'Boulangerie pâtisserie artisanale au cœur du village de Saint-Cyr',
      'Épicerie fine et cave à vins proposant des produits de Savoie',
    ]) {
      const { headline } = localExpressCopy(description)!;
      expect(headline, description).not.toMatch(/\s(?:au|du|à|cœur|cave|a|small)$/);
    }
  });

  it('does not cut between a preposition and its "and", nor inside a participle’s phrase', () => {
    expect(localExpressCopy('Esthéticienne à domicile sur Bordeaux et alentours')).toEqual({
      headline: 'Esthéticienne à domicile',
      supporting: 'sur Bordeaux et alentours',
    });
    expect(localExpressCopy('Emergency plumber covering Leeds and surrounding areas')).toEqual({
      headline: 'Emergency plumber',
      supporting: 'covering Leeds and surrounding areas',
    });
    // "freshly" goes with "baked", "soigneusement" with "sélectionnés".
    expect(
      localExpressCopy('Sourdough loaves and pastries freshly baked in our Hackney kitchen')?.headline,
    ).toBe('Sourdough loaves and pastries');
  });

  it('tells a participle by its preposition, even one no list holds: "inspired by" opens a phrase', () => {
    expect(localExpressCopy('Handmade gold and silver jewellery inspired by the Cornish coast')).toEqual({
      headline: 'Handmade gold and silver jewellery',
      supporting: 'inspired by the Cornish coast',
    });
  });

  it('reads a short list as one phrase: "Coffee, cake and kindness" is not cut at its comma', () => {
    expect(localExpressCopy('Coffee, cake and kindness')).toEqual({
      headline: 'Coffee, cake and kindness',
      supporting: null,
    });
    expect(localExpressCopy('Pains, viennoiseries et gâteaux, sur le marché de Lille le samedi')).toEqual({
      headline: 'Pains, viennoiseries et gâteaux',
      supporting: 'Sur le marché de Lille le samedi',
    });
    // A name, then the offer: two phrases.
    expect(localExpressCopy('Bakery Dupont, bread and cakes')?.headline).toBe('Bakery Dupont');
  });

  it('does not end a sentence at an initial or a title', () => {
    expect(localExpressCopy('Ostéopathe D.O. diplômée, consultations sur rendez-vous')?.headline).toBe(
      'Ostéopathe D.O. diplômée',
    );
    expect(localExpressCopy('Cabinet du Dr. Martin. Consultations sur rendez-vous')?.headline).toBe(
      'Cabinet du Dr. Martin',
    );
  });

  it('never cuts inside quotes', () => {
    const copy = localExpressCopy('Épicerie fine « Chez Zoé et Marcel » depuis 1998 dans le Vieux Lille');
    expect(copy?.headline).toBe('Épicerie fine « Chez Zoé et Marcel »');
  });

  it('takes a list after a comma with the phrase that opened it', () => {
    expect(localExpressCopy('Beauty salon offering facials, waxing, lash lifts and gel nails')).toEqual({
      headline: 'Beauty salon',
      supporting: 'offering facials, waxing, lash lifts and gel nails',
    });
    // A place is not the start of a list: the offer after it stands alone.
    expect(localExpressCopy('Organic bakery in Lyon, sourdough and pastries')?.headline).toBe(
      'Organic bakery in Lyon',
    );
  });

  it('keeps a first phrase whole when no cut fits, up to half as long again as the headline', () => {
    const long = 'Maison Lefèvre Fleurs Plantes Décoration Événements Mariages';
    expect(long.length).toBeGreaterThan(HEADLINE_MAX_LENGTH);
    expect(localExpressCopy(long)?.headline).toBe(long);
  });
});

describe('Express copy keeps each language’s casing', () => {
  it('adds no capital to a word that had none when the supporting line goes on with the headline', () => {
    const copy = localExpressCopy('Salon de coiffure mixte et barbier en plein centre de Rennes');
    expect(copy?.supporting).toBe('en plein centre de Rennes');
  });

  it('starts a supporting line that begins a clause of its own with a capital, in both languages', () => {
    expect(localExpressCopy('Caviste à Dijon, vins nature et bières')?.supporting).toBe(
      'Vins nature et bières',
    );
    expect(localExpressCopy('Bakery in York. fresh bread daily')?.supporting).toBe('Fresh bread daily');
  });

  it('keeps names, acronyms and words written in mixed case as typed', () => {
    expect(localExpressCopy('iPhone repairs while you wait in central Cardiff')).toEqual({
      headline: 'iPhone repairs while you wait',
      supporting: 'in central Cardiff',
    });
    expect(localExpressCopy('Garage offering MOTs for all makes and models in Leeds')).toEqual({
      headline: 'Garage offering MOTs',
      supporting: 'for all makes and models in Leeds',
    });
  });
});
