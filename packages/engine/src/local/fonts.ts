/**
 * The shipped open-licence fonts (SIL OFL 1.1, from the @expo-google-fonts packages): one family per
 * typography style, the weights the typefaces use, and the Pango description that selects each file.
 * None of them has emoji, which shop owners put in slogans ("Fromagerie 🧀"): every description names
 * Noto Emoji (monochrome, the same packages) after the typeface's own family, so Pango draws emoji
 * from it, in the text's colour, instead of a box with the character's code.
 */
import { createRequire } from 'node:module';
import type { Typeface } from '../art-direction/types';

const require = createRequire(import.meta.url);

const STYLE_NAMES: Record<number, string> = { 400: 'Regular', 500: 'Medium', 700: 'Bold', 800: 'ExtraBold' };

const PACKAGES: Record<string, { pkg: string; file: string }> = {
  Inter: { pkg: 'inter', file: 'Inter' },
  'Playfair Display': { pkg: 'playfair-display', file: 'PlayfairDisplay' },
  Caveat: { pkg: 'caveat', file: 'Caveat' },
  'Space Grotesk': { pkg: 'space-grotesk', file: 'SpaceGrotesk' },
};

export type FontChoice = { file: string; description: string };

const EMOJI_FAMILY = 'Noto Emoji';

/**
 * The emoji font's faces, a regular and a bold one (Pango takes the nearer to the text's weight), with
 * the description each is registered under. Pango finds a font only once libvips has registered its
 * file, which it does for the file a text is set with: these are registered once, before any text
 * (text-layout.ts).
 */
export const EMOJI_FONTS: readonly FontChoice[] = [400, 700].flatMap((weight) => {
  const style = STYLE_NAMES[weight]!;
  try {
    const file = require.resolve(
      `@expo-google-fonts/noto-emoji/${weight}${style}/NotoEmoji_${weight}${style}.ttf`,
    );
    return [{ file, description: `${EMOJI_FAMILY} ${style}` }];
  } catch {
    // A missing file only costs the emoji (text-layout.ts), never the text.
    return [];
  }
});

export function fontFor(typeface: Typeface): FontChoice {
  const source = PACKAGES[typeface.family];
  const style = STYLE_NAMES[typeface.weight];
  if (!source || !style) throw new Error(`no shipped font for ${typeface.family} ${typeface.weight}`);
  const variant = `${typeface.weight}${style}${typeface.italic ? '_Italic' : ''}`;
  const file = require.resolve(`@expo-google-fonts/${source.pkg}/${variant}/${source.file}_${variant}.ttf`);
  // Pango names the regular italic plainly "Italic", and other weights by their style name.
  const styleName = typeface.italic ? (typeface.weight === 400 ? 'Italic' : `${style} Italic`) : style;
  return { file, description: `${typeface.family}, ${EMOJI_FAMILY} ${styleName}` };
}
