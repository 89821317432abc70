import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_FONTS, EDITOR_WEIGHTS } from '@vitrine/shared/api/editor';
import { EDITOR_TYPEFACES } from '@vitrine/shared/api/editor-typefaces';
import {
  EDITOR_FONT_FACES,
  SHIPPED_FACES,
  canvasFont,
  cssFamily,
  loadEditorFonts,
  registerEditorFaces,
} from './fonts';

const require = createRequire(import.meta.url);
const source = fs.readFileSync(path.join(import.meta.dirname, 'fonts.ts'), 'utf8');
const webPackage = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8'),
) as { dependencies: Record<string, string> };
const enginePackage = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../../../../packages/engine/package.json'), 'utf8'),
) as { dependencies: Record<string, string> };

describe('editor fonts', () => {
  it('draws every font name of the contract in the face the engine sets it in', () => {
    expect(Object.keys(EDITOR_FONT_FACES).sort()).toEqual([...EDITOR_FONTS].sort());
    for (const font of EDITOR_FONTS)
      for (const weight of EDITOR_WEIGHTS) {
        const engine = EDITOR_TYPEFACES[font][weight];
        const { family, faces } = EDITOR_FONT_FACES[font];
        expect(family, `${font} ${weight}`).toBe(cssFamily(engine.family));
        expect(faces[weight]).toEqual({ weight: engine.weight, style: engine.italic ? 'italic' : 'normal' });
        // The browser has that very face to draw it with.
        const shipped = SHIPPED_FACES.find(
          (f) => f.family === engine.family && f.weight === engine.weight && f.italic === engine.italic,
        );
        expect(shipped, `${font} ${weight}`).toBeDefined();
      }
  });

  it('each face is the engine’s own file, imported by this module, and none is left unused', () => {
    const engineSource = fs.readFileSync(
      path.join(import.meta.dirname, '../../../../../packages/engine/src/local/text/fonts.ts'),
      'utf8',
    );
    for (const face of SHIPPED_FACES) {
      expect(fs.existsSync(require.resolve(`${face.pkg}/${face.file}`)), face.file).toBe(true);
      expect(source, face.file).toContain(`'${face.pkg}/${face.file}?url'`);
      // The engine sets this family from the same package.
      expect(engineSource).toContain(`pkg: '${face.pkg.replace('@expo-google-fonts/', '')}'`);
    }
    const used = new Set(
      EDITOR_FONTS.flatMap((font) =>
        EDITOR_WEIGHTS.map((w) => {
          const t = EDITOR_TYPEFACES[font][w];
          return `${t.family} ${t.weight} ${t.italic}`;
        }),
      ),
    );
    expect(new Set(SHIPPED_FACES.map((f) => `${f.family} ${f.weight} ${f.italic}`))).toEqual(used);
    const imported = [...source.matchAll(/^import \w+ from '(@expo-google-fonts\/[^']+)\?url';$/gm)].map(
      (m) => m[1],
    );
    expect(new Set(imported)).toEqual(new Set(SHIPPED_FACES.map((f) => `${f.pkg}/${f.file}`)));
  });

  it('ships only open-licence fonts, pinned to the engine’s exact versions', () => {
    for (const pkg of new Set(SHIPPED_FACES.map((f) => f.pkg))) {
      const meta = JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as {
        license: string;
        version: string;
      };
      expect(meta.license, pkg).toContain('OFL-1.1');
      expect(webPackage.dependencies[pkg], pkg).toBe(meta.version);
      expect(enginePackage.dependencies[pkg], pkg).toBe(meta.version);
    }
  });

  it('registers every face once in the page’s fonts, under its own name', () => {
    const added: { family: string; descriptors: FontFaceDescriptors }[] = [];
    class FakeFontFace {
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: FontFaceDescriptors,
      ) {}
    }
    const original = globalThis.FontFace;
    globalThis.FontFace = FakeFontFace as never;
    try {
      const fonts = { add: (face: FakeFontFace) => added.push(face) } as never;
      registerEditorFaces(fonts);
      registerEditorFaces(fonts);
    } finally {
      globalThis.FontFace = original;
    }
    expect(added).toHaveLength(SHIPPED_FACES.length);
    expect(added.map((f) => f.family)).toContain('Vitrine Playfair Display');
    expect(added.find((f) => f.descriptors.style === 'italic')?.family).toBe('Vitrine Playfair Display');
  });

  it('writes the canvas font of a layer', () => {
    expect(canvasFont('Arial', 'bold', 24)).toBe('normal 800 24px "Vitrine Inter", sans-serif');
    expect(canvasFont('Georgia', 'italic', 36)).toBe('italic 400 36px "Vitrine Playfair Display", serif');
    expect(canvasFont('Comic Sans MS', 'normal', 12)).toBe('normal 500 12px "Vitrine Caveat", cursive');
    expect(canvasFont('Impact', 'bold', 48)).toBe('normal 700 48px "Vitrine Space Grotesk", sans-serif');
    // No italic face of Space Grotesk: upright, as the export sets it.
    expect(canvasFont('Impact', 'italic', 48)).toBe('normal 500 48px "Vitrine Space Grotesk", sans-serif');
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
      ['normal 800 24px "Vitrine Inter", sans-serif', 'SoldesПривет'],
      ['normal 500 24px "Vitrine Space Grotesk", sans-serif', 'PROMO'],
    ]);
  });

  it('by default loads every font and weight offered', async () => {
    const { calls, fonts } = loader(() => Promise.resolve([{}]));
    expect(await loadEditorFonts(undefined, { fonts })).toBe(true);
    // 6 names × 3 weights, less the shared faces: Inter ×2, Playfair Display ×3, Space Grotesk ×2, Caveat ×2.
    expect(calls).toHaveLength(9);
  });

  it('resolves false, never rejects, when a face is missing, fails or takes too long', async () => {
    const missing = loader((font) => Promise.resolve(font.includes('Playfair') ? [] : [{}]));
    expect(await loadEditorFonts(undefined, { fonts: missing.fonts })).toBe(false);
    const failing = loader((font) =>
      font.includes('Caveat') ? Promise.reject(new Error('network')) : Promise.resolve([{}]),
    );
    expect(await loadEditorFonts(undefined, { fonts: failing.fonts })).toBe(false);
    const stalled = loader(() => new Promise(() => {}));
    expect(await loadEditorFonts(undefined, { fonts: stalled.fonts, timeoutMs: 5 })).toBe(false);
  });
});
