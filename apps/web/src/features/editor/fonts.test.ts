import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_FONTS, EDITOR_WEIGHTS } from '@vitrine/shared/api/editor';
import { EDITOR_FONT_FACES, canvasFont, loadEditorFonts, type ShippedFace } from './fonts';

const require = createRequire(import.meta.url);
const source = fs.readFileSync(path.join(import.meta.dirname, 'fonts.ts'), 'utf8');
const webPackage = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8'),
) as { dependencies: Record<string, string> };

/** The CSS file of a package that declares this face (the upright one when the browser slants it). */
const cssFile = (face: ShippedFace) =>
  `${face.weight}${face.style === 'italic' && !face.synthetic ? '-italic' : ''}.css`;

describe('editor fonts', () => {
  it('maps every font name of the contract, and nothing else', () => {
    expect(Object.keys(EDITOR_FONT_FACES).sort()).toEqual([...EDITOR_FONTS].sort());
    expect(EDITOR_FONT_FACES.Arial.family).toBe('Arimo');
    expect(EDITOR_FONT_FACES.Helvetica.family).toBe('Arimo');
    expect(EDITOR_FONT_FACES['Times New Roman'].family).toBe('Tinos');
    expect(EDITOR_FONT_FACES.Georgia.family).toBe('Gelasio');
    expect(EDITOR_FONT_FACES.Impact.family).toBe('Anton');
    expect(EDITOR_FONT_FACES['Comic Sans MS'].family).toBe('Comic Neue');
  });

  it('every weight of every font is a face its package ships and this module imports', () => {
    for (const font of EDITOR_FONTS) {
      const { family, source: pkg, faces } = EDITOR_FONT_FACES[font];
      for (const weight of EDITOR_WEIGHTS) {
        const face = faces[weight];
        const file = cssFile(face);
        const css = fs.readFileSync(require.resolve(`${pkg}/${file}`), 'utf8');
        const label = `${font} ${weight}`;
        expect(css, label).toContain(`font-family: '${family}';`);
        expect(css, label).toContain(`font-weight: ${face.weight};`);
        expect(css, label).toContain(`font-style: ${face.synthetic ? 'normal' : face.style};`);
        expect(source, label).toContain(`import '${pkg}/${file}';`);
        // Its font files are there (each subset's woff2).
        for (const [, url] of css.matchAll(/url\(\.\/(files\/[^)]+\.woff2)\)/g)) {
          expect(fs.existsSync(require.resolve(`${pkg}/${url}`)), url).toBe(true);
        }
      }
    }
  });

  it('imports no face the mapping does not use', () => {
    const used = new Set(
      EDITOR_FONTS.flatMap((font) =>
        EDITOR_WEIGHTS.map((w) => {
          const { source: pkg, faces } = EDITOR_FONT_FACES[font];
          return `${pkg}/${cssFile(faces[w])}`;
        }),
      ),
    );
    const imported = [...source.matchAll(/^import '(@fontsource\/[^']+)';$/gm)].map((m) => m[1]);
    expect(new Set(imported)).toEqual(used);
  });

  it('ships only SIL Open Font License fonts, pinned to an exact version', () => {
    for (const { source: pkg } of Object.values(EDITOR_FONT_FACES)) {
      const meta = JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as {
        license: string;
        version: string;
      };
      expect(meta.license, pkg).toBe('OFL-1.1');
      expect(webPackage.dependencies[pkg], pkg).toBe(meta.version);
    }
  });

  it('says which stand-ins keep the widths of the font picked', () => {
    const compatible = EDITOR_FONTS.filter((f) => EDITOR_FONT_FACES[f].metricCompatible);
    expect(compatible).toEqual(['Arial', 'Helvetica', 'Times New Roman', 'Georgia']);
  });

  it('writes the canvas font of a layer', () => {
    expect(canvasFont('Arial', 'bold', 24)).toBe('normal 700 24px "Arimo", sans-serif');
    expect(canvasFont('Georgia', 'italic', 36)).toBe('italic 400 36px "Gelasio", serif');
    expect(canvasFont('Comic Sans MS', 'normal', 12)).toBe('normal 400 12px "Comic Neue", cursive');
    // Impact's single heavy face: bold is not thickened again.
    expect(canvasFont('Impact', 'bold', 48)).toBe('normal 400 48px "Anton", sans-serif');
    expect(canvasFont('Impact', 'italic', 48)).toBe('italic 400 48px "Anton", sans-serif');
  });
});

describe('waiting for the fonts before drawing', () => {
  function loader(answer: (font: string) => Promise<unknown[]>) {
    const calls: [string, string][] = [];
    return {
      calls,
      fonts: {
        load(font: string, text?: string) {
          calls.push([font, text ?? '']);
          return answer(font) as Promise<FontFace[]>;
        },
      },
    };
  }

  it('asks once per face for the characters of the texts that use it, and resolves when all are ready', async () => {
    const { calls, fonts } = loader(() => Promise.resolve([{}]));
    const ready = await loadEditorFonts(
      [
        { fontFamily: 'Arial', fontWeight: 'bold', text: 'Soldes' },
        { fontFamily: 'Helvetica', fontWeight: 'bold', text: 'Привет' },
        { fontFamily: 'Impact', fontWeight: 'normal', text: 'PROMO' },
      ],
      { fonts },
    );
    expect(ready).toBe(true);
    expect(calls).toEqual([
      ['normal 700 24px "Arimo", sans-serif', 'SoldesПривет'],
      ['normal 400 24px "Anton", sans-serif', 'PROMO'],
    ]);
  });

  it('by default loads every font and weight offered', async () => {
    const { calls, fonts } = loader(() => Promise.resolve([{}]));
    expect(await loadEditorFonts(undefined, { fonts })).toBe(true);
    // 6 names × 3 weights, less the shared ones: Arimo ×3, Tinos ×3, Gelasio ×3, Anton ×2, Comic Neue ×3.
    expect(calls).toHaveLength(14);
  });

  it('resolves false, never rejects, when a face is missing, fails or takes too long', async () => {
    const missing = loader((font) => Promise.resolve(font.includes('Tinos') ? [] : [{}]));
    expect(await loadEditorFonts(undefined, { fonts: missing.fonts })).toBe(false);
    const failing = loader((font) =>
      font.includes('Gelasio') ? Promise.reject(new Error('network')) : Promise.resolve([{}]),
    );
    expect(await loadEditorFonts(undefined, { fonts: failing.fonts })).toBe(false);
    const stalled = loader(() => new Promise(() => {}));
    expect(await loadEditorFonts(undefined, { fonts: stalled.fonts, timeoutMs: 5 })).toBe(false);
  });
});
