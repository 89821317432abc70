/**
 * How wide a product usually is, read from "What is it?" (a product's name as the user typed it, French
 * or English): the words of things sold in small shops and set on a table, each with the width it
 * usually shows a camera, in centimetres (a shoe seen from the side, a mug with its handle). On a
 * catalogue scene whose surface's width is annotated (a café table, a kitchen island), the shot of the
 * product in its context stands it at that scale rather than a third of the table (ground-span.ts). Pure;
 * null when no word is known: the engine does not guess a size from the photo.
 */
import type { Lang } from '@vitrine/shared/locale';
import { detectLanguage } from '../copy/language';
import { foldedWordsOf, sameWord } from './words';

/** Widths in centimetres and the words that name such products (accents and case ignored, plurals too). */
const WIDTHS: readonly (readonly [number, readonly string[]])[] = [
  [2.5, ['bague', 'ring', 'alliance', 'boucles d oreilles', 'earrings']],
  [4.5, ['montre', 'watch', 'rouge a levres', 'lipstick']],
  [6, ['parfum', 'perfume', 'fragrance', 'flacon', 'vernis', 'nail polish', 'serum', 'huile', 'oil']],
  [7, ['savon', 'soap', 'creme', 'cream', 'baume', 'balm', 'lotion', 'cosmetique', 'cosmetic', 'bracelet']],
  [8, ['bougie', 'candle', 'bouteille', 'bottle', 'canette', 'bocal', 'jar', 'pot', 'verre', 'glass']],
  [8, ['confiture', 'jam', 'miel', 'honey', 'biere', 'beer', 'vin', 'wine', 'limonade']],
  [11, ['mug', 'tasse', 'cup', 'gobelet', 'tumbler', 'thermos']],
  [14, ['vase', 'bol', 'bowl', 'livre', 'book', 'carnet', 'notebook', 'cookie', 'macaron', 'cupcake']],
  [
    20,
    [
      'plante',
      'plant',
      'cactus',
      'bouquet',
      'theiere',
      'teapot',
      'casque',
      'headphones',
      'enceinte',
      'speaker',
    ],
  ],
  [22, ['gateau', 'cake', 'tarte', 'pie', 'brioche', 'lampe', 'lamp', 'peluche', 'plush', 'teddy']],
  [28, ['pain', 'loaf', 'chaussure', 'shoe', 'basket', 'sneaker', 'botte', 'boot', 'sandale', 'sandal']],
  [30, ['sac', 'bag', 'handbag', 'sac a main', 'backpack', 'sac a dos', 'panier', 'chapeau', 'hat']],
];

export type ProductSize = {
  /** The usual width, in centimetres. */
  cm: number;
  /** The word of the name it was read from, as typed. */
  word: string;
};

const TABLE = WIDTHS.flatMap(([cm, words]) => words.map((phrase) => ({ cm, words: foldedWordsOf(phrase) })));

/** The longest known phrase the name starts with (`first`) or ends with (`last`), or null. */
function phraseAt(tokens: string[], end: 'first' | 'last') {
  let best: { start: number; length: number; cm: number } | null = null;
  for (const { cm, words } of TABLE) {
    const at = end === 'last' ? tokens.length - words.length : 0;
    if (at < 0 || at + words.length > tokens.length) continue;
    if (!words.every((word, k) => sameWord(tokens[at + k]!, word))) continue;
    if (!best || words.length > best.length) best = { start: at, length: words.length, cm };
  }
  return best;
}

/**
 * The usual width of the product a name speaks of: its head noun, the name's first word (or phrase) in
 * French ("Bougie lavande & figue", "Sac à main en cuir") and its last in English ("Lavender soy
 * candle", "Honey jar"). A known word elsewhere describes something else ("Porte-bougie", "Candle
 * holder", "Tea towel") and gives nothing, as does a name with a number (a set: "Coffret 3 bougies",
 * "Pack of 4 candles"). The name's own language says which end to read; when it shows none, the
 * request's `language` is preferred and the other end taken if only it is known.
 */
export function productSizeOf(name: string | null | undefined, language: Lang): ProductSize | null {
  const text = (name ?? '').normalize('NFC');
  const typed = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens = foldedWordsOf(text);
  if (!tokens.length || tokens.length !== typed.length || /\p{N}/u.test(text)) return null;
  const first = phraseAt(tokens, 'first');
  const last = phraseAt(tokens, 'last');
  // The name's own language says which end is its head; when it shows none, either end will do, the
  // request's language preferred.
  const detected = detectLanguage(text);
  const english = (detected ?? language) === 'en';
  const head = english ? (last ?? (detected ? null : first)) : (first ?? (detected ? null : last));
  if (!head) return null;
  return { cm: head.cm, word: typed.slice(head.start, head.start + head.length).join(' ') };
}
