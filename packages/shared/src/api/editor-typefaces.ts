/**
 * Which of the engine's open faces sets each of the editor's six font names, at export and in the
 * editor's preview (docs/decisions/054).
 */
import type { EditorFont, EditorWeight } from './editor';

/** One of the engine's open faces (SIL OFL 1.1): its family, weight and slant. */
export type EditorTypeface = {
  family: 'Inter' | 'Playfair Display' | 'Space Grotesk' | 'Caveat';
  weight: 400 | 500 | 700 | 800;
  italic: boolean;
};

const face = (family: EditorTypeface['family'], weight: EditorTypeface['weight'], italic = false) => ({
  family,
  weight,
  italic,
});
const sans = { normal: face('Inter', 500), bold: face('Inter', 800), italic: face('Inter', 500) };
const serif = {
  normal: face('Playfair Display', 400),
  bold: face('Playfair Display', 700),
  italic: face('Playfair Display', 400, true),
};

/**
 * The face each editor font and weight is set in, by the engine at export and by the browser in the
 * editor's preview (the same font files): sans-serifs take Inter, serifs Playfair Display, Impact the
 * heavy Space Grotesk, Comic Sans MS the handwritten Caveat. Italic is a true italic where the family
 * has one (Playfair Display); elsewhere it is the upright face, in the preview as in the export.
 */
export const EDITOR_TYPEFACES: Record<EditorFont, Record<EditorWeight, EditorTypeface>> = {
  Arial: sans,
  Helvetica: sans,
  'Times New Roman': serif,
  Georgia: serif,
  Impact: {
    normal: face('Space Grotesk', 500),
    bold: face('Space Grotesk', 700),
    italic: face('Space Grotesk', 500),
  },
  'Comic Sans MS': { normal: face('Caveat', 500), bold: face('Caveat', 700), italic: face('Caveat', 500) },
};
