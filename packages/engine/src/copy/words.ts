/** Words of a short text as the copy rules compare them: case, accents and apostrophe forms ignored. */

const WORD = /[\p{L}\p{N}]+/gu;

/** One word folded: lower case, without accents (é → e, œ stays œ), NFC. */
export const foldWord = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase();

/** The folded words of a text, split on everything that is not a letter or a digit (l’été → l, ete). */
export const foldedWords = (text: string): string[] => (text.match(WORD) ?? []).map(foldWord);

/** Words of `output` that `source` does not have: what a copywriter would have invented. */
export function wordsNotIn(output: string, source: string): string[] {
  const known = new Set(foldedWords(source));
  return foldedWords(output).filter((word) => !known.has(word));
}

/** Little words a line should not end on: a cut after "pour" or "the" reads broken. */
export const TRAILING_WORDS = new Set(
  `a an the of to in on at for with and or by from our your my
  à a au aux de des du d l la le les un une et ou en pour avec sur par chez dans sans sous nos notre votre vos mon ma mes`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The text with a capital to start it, as a sentence or a line standing on its own wants, except
 * where the first word is written in mixed case on purpose ("iPhone", "eBay").
 */
export function upperFirst(text: string): string {
  if (/^\p{Ll}+\p{Lu}/u.test(text)) return text;
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
