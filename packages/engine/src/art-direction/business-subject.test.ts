import { describe, expect, it } from 'vitest';
import { matchBusinessSubject } from './business-subject';

/** [description, subject, words that matched] */
const CASES: [string, string, string[]][] = [
  // Bakery and pastry, in French and English, accents and plurals
  ['Boulangerie Dupré', 'bakery', ['boulangerie']],
  ['Pains au levain et viennoiseries', 'bakery', ['pains', 'levain', 'viennoiseries']],
  ['PÂTISSERIE FINE', 'bakery', ['pâtisserie']],
  ['patisserie fine', 'bakery', ['patisserie']],
  ['Fresh bread and pastries every morning', 'bakery', ['bread', 'pastries']],
  ['Family bakery since 1950', 'bakery', ['bakery']],
  ['Gâteaux de fête', 'bakery', ['gâteaux']],
  // Florist
  ['Fleuriste de quartier', 'florist', ['fleuriste']],
  ['Bouquets & fleurs de saison', 'florist', ['bouquets', 'fleurs']],
  ['Wedding flowers and peonies', 'florist', ['wedding', 'flowers', 'peonies']],
  // Café
  ['Café des Arts', 'cafe', ['café']],
  ['Salon de thé', 'cafe', ['salon de thé']],
  ['Specialty coffee shop', 'cafe', ['coffee shop']],
  ['Torréfacteur à Lyon', 'cafe', ['torréfacteur']],
  // Restaurant
  ['Pizzeria Da Marco', 'restaurant', ['pizzeria']],
  ['Restaurant bistronomique, plat du jour', 'restaurant', ['restaurant', 'plat du jour']],
  ['Street food and burgers', 'restaurant', ['street food', 'burgers']],
  // Fashion and jewellery
  ['Boutique de prêt-à-porter femme', 'fashion', ['prêt à porter']],
  ['Vintage clothing & sneakers', 'fashion', ['clothing', 'sneakers']],
  ['T-shirts imprimés', 'fashion', ['t shirts']],
  ['Bijouterie Martin', 'jewellery', ['bijouterie']],
  // Handmade says how, the jewellery says what: the trade wins.
  ['Handmade jewelry', 'jewellery', ['jewelry']],
  // Hairdressers, beauty, soap and cosmetics: three trades, three pictures
  ['Salon de coiffure Anaïs', 'hairdresser', ['salon de coiffure']],
  ['Barber shop & hairdresser', 'hairdresser', ['barber', 'hairdresser']],
  ['Coiffeur visagiste', 'hairdresser', ['coiffeur']],
  ['Cosmétiques naturels', 'cosmetics', ['cosmétiques']],
  ['Savonnerie du Lubéron', 'cosmetics', ['savonnerie']],
  ['Savons au lait d’ânesse', 'cosmetics', ['savons']],
  ['Onglerie et maquillage', 'beauty', ['onglerie', 'maquillage']],
  ['Institut de beauté', 'beauty', ['institut de beauté']],
  ['Esthéticienne diplômée', 'beauty', ['esthéticienne']],
  // Tech
  ['Réparation de smartphones', 'tech', ['smartphones']],
  ['Informatique & high-tech', 'tech', ['informatique', 'high tech']],
  ['Création de sites web', 'tech', ['sites web']],
  // Craft
  ['Poterie fait main', 'pottery', ['poterie']],
  ['Atelier de céramique', 'pottery', ['céramique']],
  ['Bougies parfumées', 'candles', ['bougies']],
  ['Scented soy candles', 'candles', ['soy', 'candles']],
  ['Knitting and embroidery supplies', 'craft', ['knitting', 'embroidery']],
  // Services
  ['Plombier chauffagiste 7j/7', 'trades', ['plombier', 'chauffagiste']],
  ['Emergency plumber, free quote', 'trades', ['emergency', 'plumber', 'quote']],
  ['Nettoyage de bureaux', 'cleaning', ['nettoyage']],
  ['Dry cleaning & laundry', 'cleaning', ['dry cleaning', 'laundry']],
  ['Cabinet de conseil en stratégie', 'consulting', ['cabinet', 'conseil', 'stratégie']],
  ['Expert-comptable pour les PME', 'consulting', ['expert comptable', 'pme']],
  ['Cabinet médical', 'health', ['cabinet médical']],
  // Small shops
  ['Librairie indépendante, BD et mangas', 'bookshop', ['librairie', 'bd', 'mangas']],
  ['Cave à vins et spiritueux', 'wine', ['cave à vins', 'spiritueux']],
  ['Rosé de Provence', 'wine', ['rosé']],
  ['Épicerie fine, produits locaux', 'grocery', ['épicerie', 'produits locaux']],
  ['Fromagerie du marché', 'grocery', ['fromagerie', 'marché']],
  ['Salle de sport et yoga', 'sport', ['salle de sport']],
  ['Cours de yoga et méditation', 'yoga', ['yoga', 'méditation']],
  ['Vélos et cycles Martin', 'bike', ['vélos', 'cycles']],
  ['Bike shop and repairs', 'bike', ['bike shop']],
  ['Garage et mécanique auto', 'garage', ['garage', 'mécanique']],
  ['Car repairs and MOT', 'garage', ['car repairs']],
  ['Boucherie Duval', 'butcher', ['boucherie']],
  ['Family butchers, free range meat', 'butcher', ['butchers', 'free range', 'meat']],
  ['Animalerie', 'pets', ['animalerie']],
  ['Caviste', 'wine', ['caviste']],
  ['Prêt-à-porter', 'fashion', ['prêt à porter']],
  ['Toilettage pour chiens et chats', 'pets', ['toilettage', 'chiens', 'chats']],
  ['Pet shop: dog food and cat toys', 'pets', ['pet shop', 'dog', 'cat']],
  ['Jardinerie, plantes et semences', 'garden', ['jardinerie', 'plantes', 'semences']],
  ['Décoration & luminaires', 'home', ['décoration', 'luminaires']],
];

/** Words that contain a keyword, or sound like one, and say nothing of the business. */
const MISLEADING: [string, string][] = [
  ['Painting and decorating', 'trades'], // "pain" is inside "painting": not bread
  ['Wall painting workshop', 'craft'], // painting + workshop, never bakery
  ['The best in town', 'generic'], // "the" is not "thé"
  ['Fermé le lundi', 'generic'], // "fermé" (closed) is not "ferme" (farm)
  ['Spaghetti et antipasti', 'generic'], // "spa" is inside "spaghetti"
  ['Catering for events', 'restaurant'], // "cat" is inside "catering"
  ['Barbecue party', 'generic'], // "bar" is inside "barbecue"
  ['Brandon & Sons', 'generic'], // "bran", "and": nothing
  ['Dupont & Fils', 'generic'],
  ['Dupont, ouvert pendant les vacances', 'generic'], // when a shop opens, not holidays for sale
  ['Poke bowl bar', 'restaurant'], // a bowl of food, not a potter's
  ['Garage door installation', 'trades'], // a door fitter, not a mechanic
  ['Permis de construire et travaux', 'trades'], // a building permit, not a driving licence
  ['', 'generic'],
];

/**
 * The trades a shop owner names most, each in the words French and English owners use for it:
 * singular and plural, with and without accents, the trade and its usual synonyms.
 */
const TRADES: Record<string, string[]> = {
  candles: ['Bougies', 'bougie artisanale', 'Candles', 'candle maker', 'chandelles'],
  cosmetics: ['Savonnerie', 'savons', 'Soap', 'natural cosmetics', 'cosmétiques bio', 'skincare'],
  jewellery: ['Bijouterie', 'bijoux', 'Joaillier', 'jeweller', 'jewelry', 'jewellery'],
  florist: ['Fleuriste', 'fleurs', 'Florist', 'flower shop'],
  bike: ['vélos', 'velos', 'Cycles', 'vélociste', 'bike shop', 'bicycles', 'VTT'],
  fashion: ['prêt-à-porter', 'pret a porter', 'vêtements', 'Clothing', 'clothes', 'friperie'],
  bakery: ['Boulangerie', 'boulanger', 'Bakery', 'pâtisserie', 'bakehouse'],
  butcher: ['Boucherie', 'bouchère', 'charcuterie', 'Butcher', 'butchers'],
  wine: ['Caviste', 'cave à vins', 'cave a vin', 'wine shop', 'vins', 'wines'],
  bookshop: ['Librairie', 'libraire', 'bookshop', 'bookstore', 'livres'],
  garage: ['Garage', 'garagiste', 'mécanique', 'mécanicien', 'car repairs', 'mechanic'],
  hairdresser: ['Coiffeur', 'coiffeuse', 'salon de coiffure', 'hairdresser', 'barber', 'hair salon'],
  beauty: ['Institut de beauté', 'esthéticienne', 'estheticienne', 'beauty salon', 'nail bar', 'onglerie'],
  pets: ['Animalerie', 'pet shop', 'pet store', 'toilettage', 'dog grooming'],
  // Other trades a shop owner often names, each with its own picture.
  chocolate: ['Chocolatier', 'chocolaterie', 'confiserie', 'chocolate shop', 'sweet shop'],
  icecream: ['Glacier artisanal', 'ice cream parlour', 'gelateria', 'glaces et sorbets'],
  fishmonger: ['Poissonnerie', 'poissonnier', 'fishmonger', 'fruits de mer', 'seafood'],
  photographer: ['Photographe de mariage', 'photographer', 'studio photo'],
  music: ['École de musique', 'disquaire', 'record shop', 'cours de piano', 'guitar lessons'],
  toys: ['Magasin de jouets', 'toy shop', 'jeux de société', 'board games'],
  travel: ['Agence de voyages', 'travel agency', 'voyagiste'],
  driving: ['Auto-école', 'driving school', 'permis de conduire'],
};

describe('business subject from the Express description', () => {
  for (const [description, subject, keywords] of CASES) {
    it(`"${description}" is ${subject}`, () => {
      const match = matchBusinessSubject(description);
      expect(match.subject, match.why).toBe(subject);
      expect(match.keywords).toEqual(keywords);
      expect(match.why).toContain(subject);
    });
  }

  for (const [description, subject] of MISLEADING) {
    it(`"${description}" is ${subject}: a keyword inside another word does not count`, () => {
      expect(matchBusinessSubject(description).subject).toBe(subject);
    });
  }

  it('ignores accents and case, and accepts accents typed decomposed (NFD)', () => {
    for (const text of ['Pâtisserie', 'PATISSERIE', 'pâtisserie'.normalize('NFD'), 'PÂTISSERIES'])
      expect(matchBusinessSubject(text).subject, text).toBe('bakery');
  });

  it('says why when nothing matches: no description, or no known word', () => {
    for (const text of [null, undefined, '   ', 'Dupont & Fils'])
      expect(matchBusinessSubject(text)).toEqual({
        subject: 'generic',
        keywords: [],
        score: 0,
        why: 'no match: generic design',
      });
  });

  it('weighs the trade above what it sells: a bakery that serves coffee is a bakery', () => {
    const match = matchBusinessSubject('Boulangerie du Marché : pains au levain, viennoiseries et café');
    expect(match.subject).toBe('bakery');
    expect(match.why).toMatch(/over cafe 3 \("café"\)/);
  });

  it('resolves a tie by the subject named first, then always the same way', () => {
    expect(matchBusinessSubject('Café-restaurant').subject).toBe('cafe');
    expect(matchBusinessSubject('Restaurant-café').subject).toBe('restaurant');
    expect(matchBusinessSubject('Café-restaurant').why).toMatch(/tie with restaurant/);
    const again = Array.from({ length: 5 }, () => matchBusinessSubject('Chaussures de sport'));
    expect(new Set(again.map((m) => m.subject))).toEqual(new Set(['fashion']));
  });

  it('lets a longer phrase take its words from a shorter keyword of another subject', () => {
    // "salon" alone hints at a beauty salon, "bar" at a bar: inside these phrases they do not.
    expect(matchBusinessSubject('Salon de thé').why).toBe('cafe: "salon de thé" (score 3)');
    expect(matchBusinessSubject('Salon de coiffure').subject).toBe('hairdresser');
    expect(matchBusinessSubject('Bar à vin').why).toBe('wine: "bar à vin" (score 3)');
  });

  it.each(Object.entries(TRADES))(
    'knows the %s trade in French and English, plurals, accents and synonyms',
    (subject, names) => {
      for (const name of names) expect(matchBusinessSubject(name).subject, name).toBe(subject);
    },
  );
});
