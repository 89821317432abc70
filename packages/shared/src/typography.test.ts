import { describe, expect, it } from 'vitest';
import { applyTypography } from './typography';

const JOINER = '\u2060';

describe('typography in both languages', () => {
  it('a slash between letters or digits never ends a line (7j/7, 24/7, and/or)', () => {
    expect(applyTypography('Plombier 7j/7', 'fr')).toBe(`Plombier 7j/${JOINER}7`);
    expect(applyTypography('Open 24/7 and/or by appointment', 'en')).toBe(
      `Open 24/${JOINER}7 and/${JOINER}or by appointment`,
    );
  });

  it('leaves a slash alone where a line may end: around spaces, in a web address', () => {
    expect(applyTypography('Vins / bières', 'fr')).toBe('Vins / bières');
    expect(applyTypography('https://example.com', 'en')).toBe('https://example.com');
  });

  it('a short hyphenated compound never ends a line at its hyphen (après-midi, e-mail); a long one may', () => {
    expect(applyTypography("Le thé de l'après-midi", 'fr')).toBe(`Le thé de l’après-${JOINER}midi`);
    expect(applyTypography('Order by e-mail, c’est-à-dire', 'en')).toContain(`e-${JOINER}mail`);
    expect(applyTypography('c’est-à-dire', 'fr')).toBe(`c’est-${JOINER}à-${JOINER}dire`);
    expect(applyTypography('Le porte-monnaie de Saint-Jean-de-Luz', 'fr')).toBe(
      'Le porte-monnaie de Saint-Jean-de-Luz',
    );
    // A hyphen that is not inside a word is left alone: a dash between words, a minus before a number.
    expect(applyTypography('Soldes - 30 %', 'fr')).not.toContain(JOINER);
    expect(applyTypography('Prix -20 €', 'fr')).not.toContain(JOINER);
  });

  it('a word of one letter never ends a line: it goes to the next with the word after it', () => {
    const nb = '\u00a0';
    expect(applyTypography('Fraîche et pétillante, à savourer tout l’été', 'fr')).toBe(
      `Fraîche et pétillante, à${nb}savourer tout l’été`,
    );
    expect(applyTypography('Il y a du pain ô combien frais', 'fr')).toBe(
      `Il y${nb}a${nb}du pain ô${nb}combien frais`,
    );
    expect(applyTypography('A gift I made for a friend', 'en')).toBe(
      `A${nb}gift I${nb}made for a${nb}friend`,
    );
    // Not a word of one letter: an initial, the end of an elision or a compound, a letter at the end,
    // a letter that names something (plan B, vitamine C), a unit after its number.
    expect(applyTypography('J. K. Rowling', 'en')).toBe('J. K. Rowling');
    expect(applyTypography('Il l’a vu, qu’y a-t-il', 'fr')).toBe('Il l’a vu, qu’y a-\u2060t-\u2060il');
    expect(applyTypography('Plan B pour tous, vitamine C et D', 'fr')).toBe(
      'Plan B pour tous, vitamine C et D',
    );
    expect(applyTypography('Vitamine C', 'fr')).toBe('Vitamine C');
    expect(applyTypography('Soldes de A à Z', 'fr')).toBe(`Soldes de A${nb}à${nb}Z`);
    expect(applyTypography('Pots de 250 g et de 1 kg', 'fr')).toBe(`Pots de 250${nb}g et de 1${nb}kg`);
    expect(applyTypography('Ready for a  sale', 'en')).toBe(`Ready for a${nb}sale`);
  });

  it('a telephone number, or an amount and its currency, never ends a line', () => {
    const nb = '\u00a0';
    expect(applyTypography('Réservations au 06 12 34 56 78', 'fr')).toBe(
      `Réservations au 06${nb}12${nb}34${nb}56${nb}78`,
    );
    expect(applyTypography('Appelez le +33 6 12 34 56 78 pour réserver', 'fr')).toBe(
      `Appelez le +33${nb}6${nb}12${nb}34${nb}56${nb}78 pour réserver`,
    );
    expect(applyTypography('Call +44 20 7946 0958 today', 'en')).toBe(
      `Call +44${nb}20${nb}7946${nb}0958 today`,
    );
    expect(applyTypography('Menus dès 15 €', 'fr')).toBe(`Menus dès 15${nb}€`);
    expect(applyTypography('Canapé dès 1 490 €', 'fr')).toBe(`Canapé dès 1${nb}490${nb}€`);
    expect(applyTypography('From £ 12 a box', 'en')).toBe(`From £${nb}12 a${nb}box`);
    // Years in a sentence keep their spaces, and a French amount stays apart from what follows.
    expect(applyTypography('Depuis 1952 en boutique', 'fr')).toBe('Depuis 1952 en boutique');
    expect(applyTypography('Menu 19 € 3 plats', 'fr')).toBe(`Menu 19${nb}€ 3${nb}plats`);
    expect(applyTypography('Our years: 1998 2005 2012', 'en')).toBe('Our years: 1998 2005 2012');
  });

  it('a number and its unit never end a line apart (dès 7 h, 7 h 30, 5 km, 9 am)', () => {
    const nb = '\u00a0';
    expect(applyTypography('Pains au levain et café dès 7 h', 'fr')).toBe(
      `Pains au levain et café dès 7${nb}h`,
    );
    expect(applyTypography('Ouvert de 7 h 30 à 19 h', 'fr')).toBe(`Ouvert de 7${nb}h${nb}30 à${nb}19${nb}h`);
    expect(applyTypography('Livraison à 5 km, pots de 250 g et 75 cl', 'fr')).toBe(
      `Livraison à${nb}5${nb}km, pots de 250${nb}g et 75${nb}cl`,
    );
    expect(applyTypography('Open from 9 am, 2.5 kg bags', 'en')).toBe(`Open from 9${nb}am, 2.5${nb}kg bags`);
    // A word that only begins like a unit is not one.
    expect(applyTypography('Depuis 1952 générations', 'fr')).toBe('Depuis 1952 générations');
    expect(applyTypography('We sold 1500 hampers', 'en')).toBe('We sold 1500 hampers');
  });

  it('a unit typed in capitals is a unit too (DE 9 H À 18 H, 2,5 KG)', () => {
    const nb = '\u00a0';
    expect(applyTypography('DE 9 H À 18 H', 'fr')).toBe(`DE 9${nb}H À${nb}18${nb}H`);
    expect(applyTypography('OUVERT DE 7 H 30, SACS DE 2,5 KG', 'fr')).toBe(
      `OUVERT DE 7${nb}H${nb}30, SACS DE 2,5${nb}KG`,
    );
    // In a text with lower-case letters, capitals after a number are not read as a unit.
    expect(applyTypography('Sacs de 2,5 KG', 'fr')).toBe('Sacs de 2,5 KG');
  });

  it('a count never ends a line apart from what it counts (2 boutiques, 3 générations)', () => {
    const nb = '\u00a0';
    expect(applyTypography('Depuis 3 générations, en 2 boutiques', 'fr')).toBe(
      `Depuis 3${nb}générations, en 2${nb}boutiques`,
    );
    expect(applyTypography('We have 2 ham sandwiches', 'en')).toBe(`We have 2${nb}ham sandwiches`);
    expect(applyTypography('Open 7 days', 'en')).toBe(`Open 7${nb}days`);
    // After a word of one letter or a French quotation mark, bound on both sides.
    expect(applyTypography('Livré à 2 boutiques', 'fr')).toBe(`Livré à${nb}2${nb}boutiques`);
    expect(applyTypography('Dans « 3 boutiques »', 'fr')).toBe(`Dans «${nb}3${nb}boutiques${nb}»`);
    expect(applyTypography('Get a 3 course meal', 'en')).toBe(`Get a${nb}3${nb}course meal`);
    // A year, a phone number's groups, a time, a decimal and an amount have rules of their own, or none.
    expect(applyTypography('Depuis 1952 nous torréfions', 'fr')).toBe('Depuis 1952 nous torréfions');
    expect(applyTypography('Appelez le 06 12 34 56 78 pour réserver', 'fr')).toBe(
      `Appelez le 06${nb}12${nb}34${nb}56${nb}78 pour réserver`,
    );
    expect(applyTypography('Brunch at 11:30 daily, 2.5 stars', 'en')).toBe(
      'Brunch at 11:30 daily, 2.5 stars',
    );
    expect(applyTypography('From £ 12 a box', 'en')).toBe(`From £${nb}12 a${nb}box`);
    expect(applyTypography('Dès 1 490 euros, de 7 h 30 le matin', 'fr')).toBe(
      `Dès 1${nb}490 euros, de 7${nb}h${nb}30 le matin`,
    );
  });

  it('each language keeps its own rules', () => {
    expect(applyTypography('Promo : 10 % !', 'en')).toBe('Promo: 10%!');
    expect(applyTypography('Promo: 10%!', 'fr')).toBe('Promo\u00a0: 10\u00a0%\u00a0!');
  });
});
