/**
 * English typographic conventions for slogans: curly quotes (“ ” and ‘ ’), the typographic apostrophe
 * and ellipsis, no space before : ; ! ? and none between a number and %.
 */
const SPACES_BEFORE = /[ \t\u00a0\u202f]+(?=[:;!?])/g;

export function englishTypography(input: string): string {
  let text = input.normalize('NFC');
  text = text.replace(/\.\.\./g, '…');
  // French guillemets become English double quotes.
  text = text.replace(/«[\s\u00a0\u202f]*/g, '“').replace(/[\s\u00a0\u202f]*»/g, '”');
  // Apostrophes inside words (don't, shop's) and before a decade ('90s).
  text = text.replace(/(\p{L})'(?=\p{L})/gu, '$1’');
  text = text.replace(/(^|\s)'(?=\d\ds\b)/g, '$1’');
  // Straight quotes, in pairs, become curly ones.
  text = text.replace(/"([^"]+)"/g, (_m, inner: string) => `“${inner.trim()}”`);
  text = text.replace(
    /(^|[\s([{“])'([^']+)'(?=$|[\s.,;:!?)\]}”…])/g,
    (_m, before: string, inner: string) => `${before}‘${inner.trim()}’`,
  );
  // A possessive plural (the makers' market) keeps its apostrophe, now typographic.
  text = text.replace(/(\p{L})'/gu, '$1’');
  // No space before : ; ! ?, and "10%" rather than "10 %".
  text = text.replace(SPACES_BEFORE, '');
  text = text.replace(/(\d)[ \t\u00a0\u202f]+%/g, '$1%');
  return text.replace(/\s{2,}/g, ' ');
}
