/**
 * The typographic rules of a text's language (French rules for French text, English for English), as
 * the engine sets slogans and the editor's preview draws them: the same characters in both.
 */
import { LOCALE_BY_LANG, type Lang } from './locale';
import { englishTypography } from './typography/english';
import { frenchTypography } from './typography/french';

/** U+2060 WORD JOINER: no line break here. */
const NO_BREAK = '\u2060';

const NBSP = '\u00a0';

/**
 * A telephone number written in groups: a national one begins with 0 (06 12 34 56 78, 020 7946 0958),
 * an international one with + (+33 6 12 34 56 78).
 */
const PHONE =
  /(?<![\p{L}\p{N}])(?:\+\d{1,3}(?:[ .\u00a0]\d)?|0\d{0,3})(?:[ .\u00a0]\d{2,4}){2,}(?![\p{L}\p{N}])/gu;
/**
 * A number and the unit after it (7 h, 7 h 30, 10 min, 5 km, 500 g, 75 cl, 20 °C, 9 am): a time, a
 * distance, a weight or a volume read as one.
 */
const UNIT =
  /(?<![\p{L}\p{N}])(\d+(?:[.,]\d+)?) (h|min|s|ms|km|m|cm|mm|kg|g|mg|l|L|cl|ml|mL|°C|°F|°|am|pm|a\.m\.|p\.m\.|ans|jours|mois|kW|W|Go|Mo|GB|MB)(?=$|[^\p{L}\p{N}])/gu;
/** The same units in a text typed in capitals (DE 9 H À 18 H, 2,5 KG): read whatever their case. */
const UNIT_IN_CAPITALS = new RegExp(UNIT.source, 'giu');
/** The minutes after the hour (7 h 30, 7 H 30). */
const HOUR_MINUTES = /(\d\u00a0[hH]) (?=\d{2}(?![\p{L}\p{N}]))/gu;
/**
 * A count and the word it counts (2 boutiques, 3 générations, 12 roses): a line ending on the number
 * leaves it without its noun. A number of one to three digits standing alone: not a year (1952), nor a
 * part of a telephone number, an amount in thousands (1 490), a time (7 h 30, 11:30) or a decimal, which have their own rules; and a word of two letters
 * or more, a letter alone being a unit (9 H) or a word of one letter (£ 12 a box).
 */
const COUNT = /(?<![\p{L}\p{N}\p{M}\u2060.,’'/:+-])(?<!\d\u00a0(?:[hH]\u00a0)?)(\d{1,3}) (?=\p{L}{2})/gu;
/** An amount with thousands set apart by spaces (1 490, 12 000). */
const THOUSANDS = /(?<![\p{L}\p{N}])\d{1,3}(?:[ \u00a0]\d{3})+(?![\p{L}\p{N}])/gu;
/** A word of parts joined by hyphens (après-midi, c'est-à-dire, T-shirt, Saint-Jean-de-Luz). */
const COMPOUND = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
/**
 * A compound up to this many characters is one word on a line: a headline broken at après- / midi
 * reads as two words. A longer one (porte-monnaie, Saint-Jean-de-Luz) may still end a line at a hyphen.
 */
const SHORT_COMPOUND = 12;
/**
 * The words of one letter of each language (à, a, y, ô; a, I) and the space after them: a line ending on
 * one reads as unfinished (« Fraîche et pétillante, à / savourer »), so it goes to the next line with
 * the word after it. Another letter alone (Plan B, vitamine C) is a name, not such a word: left alone.
 */
const ONE_LETTER: Record<Lang, RegExp> = {
  fr: /(?<![\p{L}\p{N}\p{M}’'.\-\u2060])([aàyôAÀYÔ]) (?=[\p{L}\p{N}«(])/gu,
  en: /(?<![\p{L}\p{N}\p{M}’'.\-\u2060])([aAI]) (?=[\p{L}\p{N}“‘(])/gu,
};

/**
 * The language's rules, then some for both, where a line must not end: a slash between two letters or
 * digits (7j/7, 24/7, and/or), at the hyphen of a short compound (après-midi, e-mail), after a word of
 * one letter (à, a, I), inside a telephone number or an amount, between a number and its unit (dès 7 h,
 * 5 km, in capitals too), between a count and what it counts (2 boutiques), and between an amount and
 * its currency (30 € in French, £ 12 in English).
 */
export function applyTypography(text: string, language: Lang): string {
  const set = language === 'fr' ? frenchTypography(text) : englishTypography(text);
  const bound = set
    .replace(/([\p{L}\p{N}])\/(?=[\p{L}\p{N}])/gu, `$1/${NO_BREAK}`)
    .replace(COMPOUND, (word) =>
      word.length <= SHORT_COMPOUND ? word.replaceAll('-', `-${NO_BREAK}`) : word,
    )
    .replace(ONE_LETTER[language], `$1${NBSP}`)
    .replace(PHONE, (phone) => phone.replaceAll(' ', NBSP))
    .replace(THOUSANDS, (amount) => amount.replaceAll(' ', NBSP))
    .replace(inCapitals(text) ? UNIT_IN_CAPITALS : UNIT, `$1${NBSP}$2`)
    .replace(HOUR_MINUTES, `$1${NBSP}`)
    .replace(COUNT, `$1${NBSP}`);
  return language === 'fr'
    ? bound.replace(/(\d) (?=[€$£])/g, `$1${NBSP}`)
    : bound.replace(/([€$£]) (?=\d)/g, `$1${NBSP}`);
}

/** A text typed in capitals: letters, and none of them lower-case. */
const inCapitals = (text: string) => /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);

/** Capitals by the language's own rules. */
export const upperCase = (text: string, language: Lang) => text.toLocaleUpperCase(LOCALE_BY_LANG[language]);
