/**
 * The editor's six font names (the spec's) set by the engine: each is drawn with the shipped face
 * nearest to it, since the engine sets text only in its own open faces (fonts.ts). Sans-serifs (Arial,
 * Helvetica) take Inter, serifs (Times New Roman, Georgia) Playfair Display, Impact the heavy Space
 * Grotesk, Comic Sans MS the handwritten Caveat. Bold takes the family's heaviest shipped weight,
 * normal its lightest; italic takes an italic face where one is shipped (Playfair Display), else the
 * upright normal one. The other way, a face the engine set is shown in the editor under the name
 * of the font it stands nearest to.
 */
import type { EditorFont, EditorWeight } from '@vitrine/shared/api/editor';
import type { Typeface } from '../../art-direction/types';
import { SHIPPED_TYPEFACES } from './fonts';

const FAMILY_OF: Record<EditorFont, string> = {
  Arial: 'Inter',
  Helvetica: 'Inter',
  'Times New Roman': 'Playfair Display',
  Georgia: 'Playfair Display',
  Impact: 'Space Grotesk',
  'Comic Sans MS': 'Caveat',
};

const EDITOR_FONT_OF: Record<string, EditorFont> = {
  Inter: 'Arial',
  'Playfair Display': 'Georgia',
  'Space Grotesk': 'Impact',
  Caveat: 'Comic Sans MS',
};

/** Weights at or above this read as bold in the editor. */
const BOLD_FROM = 700;

/** The shipped face that sets an editor font in a weight. */
export function typefaceFor(font: EditorFont, weight: EditorWeight): Typeface {
  const family = FAMILY_OF[font];
  const faces = SHIPPED_TYPEFACES.filter((face) => face.family === family);
  const upright = faces.filter((face) => !face.italic).map((face) => face.weight);
  const italic = weight === 'italic' ? faces.find((face) => face.italic) : undefined;
  if (italic) return { family, weight: italic.weight, italic: true, uppercase: false };
  const chosen = weight === 'bold' ? Math.max(...upright) : Math.min(...upright);
  return { family, weight: chosen, italic: false, uppercase: false };
}

/** How the editor shows a face the engine set: the font it stands nearest to, and its weight. */
export function editorFontOf(typeface: Typeface): { fontFamily: EditorFont; fontWeight: EditorWeight } {
  return {
    fontFamily: EDITOR_FONT_OF[typeface.family] ?? 'Arial',
    fontWeight: typeface.italic ? 'italic' : typeface.weight >= BOLD_FROM ? 'bold' : 'normal',
  };
}
