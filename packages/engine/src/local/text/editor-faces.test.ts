import { describe, expect, it } from 'vitest';
import { EDITOR_FONTS, EDITOR_WEIGHTS } from '@vitrine/shared/api/editor';
import { editorFontOf, typefaceFor } from './editor-faces';
import { SHIPPED_TYPEFACES } from './fonts';
import { layoutAt } from './text-layout';

const shipped = (t: { family: string; weight: number; italic: boolean }) =>
  SHIPPED_TYPEFACES.some((s) => s.family === t.family && s.weight === t.weight && s.italic === t.italic);

describe('the editor’s fonts are set in the engine’s nearest shipped face', () => {
  it('every font and weight maps to a shipped face, and text set in it passes the face check', async () => {
    for (const font of EDITOR_FONTS) {
      for (const weight of EDITOR_WEIGHTS) {
        const typeface = typefaceFor(font, weight);
        expect(shipped(typeface), `${font} ${weight}`).toBe(true);
        const set = await layoutAt(
          { text: 'Prix 12 €', language: 'fr', typeface, align: 'center' },
          144,
          1000,
        );
        expect(set.mask.width).toBeGreaterThan(0);
      }
    }
  }, 60_000);

  it('bold is heavier than normal, and an engine face shows under the font it maps back to', () => {
    expect(typefaceFor('Arial', 'bold').weight).toBeGreaterThan(typefaceFor('Arial', 'normal').weight);
    expect(typefaceFor('Georgia', 'italic')).toMatchObject({ family: 'Playfair Display', italic: true });
    for (const face of SHIPPED_TYPEFACES) {
      const shown = editorFontOf(face);
      expect(typefaceFor(shown.fontFamily, shown.fontWeight).family).toBe(face.family);
    }
  });
});
