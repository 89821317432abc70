/**
 * French typographic conventions for slogans: a non-breaking space before : ; ! ? % and inside « »,
 * typographic apostrophes and ellipses. U+00A0 rather than the thin U+202F: every shipped font has it.
 */
const NBSP = '\u00a0';

export function frenchTypography(input: string): string {
  let text = input.normalize('NFC');
  text = text.replace(/\.\.\./g, '…');
  // Straight apostrophe between letters (l'été, aujourd'hui) becomes the typographic one.
  text = text.replace(/(\p{L})'(?=\p{L})/gu, '$1’');
  // Straight double quotes, in pairs, become French guillemets.
  text = text.replace(/"([^"]+)"/g, (_m, inner: string) => `«${NBSP}${inner.trim()}${NBSP}»`);
  // English curly quotes, pasted from elsewhere, become guillemets too.
  text = text.replace(/“([^”]+)”/g, (_m, inner: string) => `«${NBSP}${inner.trim()}${NBSP}»`);
  text = text.replace(/«\s*/g, `«${NBSP}`).replace(/\s*»/g, `${NBSP}»`);
  // Before ; ! ? % : no space or an ordinary one becomes a single non-breaking space.
  for (const marks of [/(\S)[ \t]*(%)/g, /(\S)[ \t]*([;!?])/g]) {
    text = text.replace(marks, (_m, before: string, mark: string) =>
      before === NBSP || /[;!?]/.test(before) ? `${before}${mark}` : `${before}${NBSP}${mark}`,
    );
  }
  // The colon too, except in times (10:30) and web addresses (https://).
  text = text.replace(/(\S)[ \t]*:(?!\/\/)/g, (match, before: string, offset: number, whole: string) =>
    /\d/.test(before) && /\d/.test(whole[offset + match.length] ?? '') ? match : `${before}${NBSP}:`,
  );
  return text.replace(/\s{2,}/g, ' ');
}
