/**
 * The shipped open-licence fonts (SIL OFL 1.1, from the @expo-google-fonts packages): one family per
 * typography style, the weights the typefaces use, and the Pango description that selects each file.
 * None of them has emoji, which shop owners put in slogans ("Fromagerie 🧀"): every description names
 * Noto Emoji (monochrome, the same packages) after the typeface's own family, so Pango draws emoji
 * from it, in the text's colour, instead of a box with the character's code.
 *
 * Every face is in fontconfig's configuration before the first text is set (font-config.ts).
 */
import { createRequire } from 'node:module';
import { EXPRESS_DESIGNS, supportingFace } from '../../art-direction/express-designs';
import { TYPEFACES } from '../../art-direction/typefaces';
import type { Typeface } from '../../art-direction/types';
import { configureFonts, type FontSetup } from './font-config';

const require = createRequire(import.meta.url);

const STYLE_NAMES: Record<number, string> = { 400: 'Regular', 500: 'Medium', 700: 'Bold', 800: 'ExtraBold' };

const PACKAGES: Record<string, { pkg: string; file: string }> = {
  Inter: { pkg: 'inter', file: 'Inter' },
  'Playfair Display': { pkg: 'playfair-display', file: 'PlayfairDisplay' },
  Caveat: { pkg: 'caveat', file: 'Caveat' },
  'Space Grotesk': { pkg: 'space-grotesk', file: 'SpaceGrotesk' },
};

/** A face: its file, the Pango description that selects it, and what it is, for the image's metadata. */
export type FontChoice = {
  file: string;
  description: string;
  family: string;
  weight: number;
  italic: boolean;
};

const EMOJI_FAMILY = 'Noto Emoji';
const EMOJI_WEIGHTS = [400, 700] as const;

/** The emoji font's faces, a regular and a bold one: Pango takes the nearer to the text's weight. */
export const EMOJI_FONTS: readonly FontChoice[] = EMOJI_WEIGHTS.flatMap((weight) => {
  const style = STYLE_NAMES[weight]!;
  try {
    const file = require.resolve(
      `@expo-google-fonts/noto-emoji/${weight}${style}/NotoEmoji_${weight}${style}.ttf`,
    );
    return [{ file, description: `${EMOJI_FAMILY} ${style}`, family: EMOJI_FAMILY, weight, italic: false }];
  } catch {
    // A missing file only costs the emoji, never the text.
    return [];
  }
});

/** The emoji face Pango draws a text of this weight's emoji from (the nearer weight; ties go lighter). */
export function emojiFontFor(weight: number): FontChoice | undefined {
  return [...EMOJI_FONTS].sort((a, b) => Math.abs(a.weight - weight) - Math.abs(b.weight - weight))[0];
}

export function fontFor(typeface: Typeface): FontChoice {
  const source = PACKAGES[typeface.family];
  const style = STYLE_NAMES[typeface.weight];
  if (!source || !style) throw new Error(`no shipped font for ${typeface.family} ${typeface.weight}`);
  const variant = `${typeface.weight}${style}${typeface.italic ? '_Italic' : ''}`;
  const file = require.resolve(`@expo-google-fonts/${source.pkg}/${variant}/${source.file}_${variant}.ttf`);
  // Pango names the regular italic plainly "Italic", and other weights by their style name.
  const styleName = typeface.italic ? (typeface.weight === 400 ? 'Italic' : `${style} Italic`) : style;
  return {
    file,
    description: `${typeface.family}, ${EMOJI_FAMILY} ${styleName}`,
    family: typeface.family,
    weight: typeface.weight,
    italic: typeface.italic,
  };
}

/** Every face a text can be set in: the typography styles' and the Express designs' (both lines). */
export const SHIPPED_TYPEFACES: readonly Typeface[] = [
  ...Object.values(TYPEFACES).flatMap(({ slogan, tagline }) => [slogan, tagline]),
  ...Object.values(EXPRESS_DESIGNS).flatMap(({ typeface }) => [typeface, supportingFace(typeface)]),
];

/** Every shipped face, the emoji font's included, once each. */
export function shippedFaces(): FontChoice[] {
  const faces = [...SHIPPED_TYPEFACES.map(fontFor), ...EMOJI_FONTS];
  return [...new Map(faces.map((face) => [face.file, face])).values()];
}

/** How this process finds the shipped faces, settled as the module loads, before any text is set. */
export const FONT_SETUP: FontSetup = configureFonts({
  files: shippedFaces().map((face) => face.file),
  families: [...new Set(shippedFaces().map((face) => face.family))],
});
