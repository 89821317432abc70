/**
 * The editor's six font names (the spec's) set by the engine: each in the shipped face the shared
 * table names (EDITOR_TYPEFACES), the one the editor's preview draws too. The other way, a face the
 * engine set is shown in the editor under the name of the font it stands nearest to.
 */
import type { EditorFont, EditorWeight } from '@vitrine/shared/api/editor';
import { EDITOR_TYPEFACES } from '@vitrine/shared/api/editor-typefaces';
import type { Typeface } from '../../art-direction/types';

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
  return { ...EDITOR_TYPEFACES[font][weight], uppercase: false };
}

/** How the editor shows a face the engine set: the font it stands nearest to, and its weight. */
export function editorFontOf(typeface: Typeface): { fontFamily: EditorFont; fontWeight: EditorWeight } {
  return {
    fontFamily: EDITOR_FONT_OF[typeface.family] ?? 'Arial',
    fontWeight: typeface.italic ? 'italic' : typeface.weight >= BOLD_FROM ? 'bold' : 'normal',
  };
}
