/**
 * How wide a product usually is, read from "What is it?" (a product's name as the user typed it, French
 * or English): the words of things sold in small shops and set on a table, each with the width it
 * usually shows a camera, in centimetres (a shoe seen from the side, a mug with its handle). On a
 * catalogue scene whose surface's width is annotated (a café table, a kitchen island), the shot of the
 * product in its context stands it at that scale rather than a third of the table (ground.ts). Pure;
 * null when no word is known: the engine does not guess a size from the photo.
 */
import type { Lang } from '@vitrine/shared/locale';

/** Widths in centimetres and the words that name such products (accents and case ignored, plurals too). */
const WIDTHS: readonly (readonly [number, readonly string[]])[] = [
  [2.5, ['bague', 'ring', 'alliance', 'boucles d oreilles', 'earrings']],
  [4.5, ['montre', 'watch', 'rouge a levres', 'lipstick']],
  [6, ['parfum', 'perfume', 'fragrance', 'flacon', 'vernis', 'nail polish', 'serum', 'huile', 'oil']],
  [7, ['savon', 'soap', 'creme', 'cream', 'baume', 'balm', 'lotion', 'cosmetique', 'cosmetic', 'bracelet']],
  [8, ['bougie', 'candle', 'bouteille', 'bottle', 'canette', 'can', 'bocal', 'jar', 'pot', 'verre', 'glass']],
  [8, ['confiture', 'jam', 'miel', 'honey', 'tea', 'biere', 'beer', 'vin', 'wine', 'limonade']],
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

/** Lower case, accents removed, words split on anything but letters and digits. */
const wordsOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `token` is `word` or one of its plurals. */
const sameWord = (token: string, word: string) =>
  token === word || token === `${word}s` || token === `${word}x` || token === `${word}es`;

const TABLE = WIDTHS.flatMap(([cm, words]) => words.map((phrase) => ({ cm, words: wordsOf(phrase) })));

/**
 * The usual width of the product a name speaks of. A name speaks of its product first in French
 * ("Bougie lavande & figue", "Pot de miel") and last in English ("Lavender soy candle", "Honey jar"):
 * of several known words, that one is taken.
 */
export function productSizeOf(name: string | null | undefined, language: Lang): ProductSize | null {
  const typed = (name ?? '').normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens = wordsOf(name ?? '');
  if (tokens.length !== typed.length) return null;
  const found: { start: number; length: number; cm: number }[] = [];
  for (const { cm, words } of TABLE)
    for (let start = 0; start + words.length <= tokens.length; start++)
      if (words.every((word, k) => sameWord(tokens[start + k]!, word)))
        found.push({ start, length: words.length, cm });
  // A phrase beats a word inside it ("sac à main" over "sac"); then the head of the name.
  const kept = found.filter(
    (hit) =>
      !found.some(
        (other) =>
          other.length > hit.length &&
          hit.start >= other.start &&
          hit.start + hit.length <= other.start + other.length,
      ),
  );
  kept.sort((a, b) => (language === 'en' ? b.start - a.start : a.start - b.start));
  const head = kept[0];
  if (!head) return null;
  return { cm: head.cm, word: typed.slice(head.start, head.start + head.length).join(' ') };
}
