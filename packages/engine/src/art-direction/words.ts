/**
 * Words as the art direction compares them: a user's text against the engine's word lists, in French
 * and English. Pure.
 */

/** Lower case, accents removed. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text, lower case, split on anything but letters and digits; accents kept. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words of a text, lower case and without accents. */
export const foldedWordsOf = (text: string) => wordsOf(fold(text));

/** Whether `token` is `word` or one of its plurals (French and English). */
export const sameWord = (token: string, word: string) =>
  token === word ||
  token === word + 's' ||
  token === word + 'x' ||
  token === word + 'es' ||
  (word.endsWith('y') && token === word.slice(0, -1) + 'ies') ||
  (word.endsWith('al') && token === word.slice(0, -2) + 'aux');
