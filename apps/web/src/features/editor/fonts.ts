/**
 * The editor's six font names drawn with open fonts shipped with the app, so a text renders the same on
 * every machine whatever is installed there (docs/decisions/017). Arimo, Tinos and Gelasio are
 * metric-compatible with Arial, Times New Roman and Georgia: a line keeps the width it has in the font
 * the user picked. Comic Neue is drawn after Comic Sans MS; Anton is a close condensed display face for
 * Impact but not metric-compatible (it is slightly narrower). Helvetica is drawn with Arimo, as Arial
 * stands in for it on most systems. Licences: apps/web/NOTICE.md.
 *
 * Each face's CSS declares every unicode subset; the browser downloads a file only when text needs it.
 */
import '@fontsource/arimo/400.css';
import '@fontsource/arimo/700.css';
import '@fontsource/arimo/400-italic.css';
import '@fontsource/tinos/400.css';
import '@fontsource/tinos/700.css';
import '@fontsource/tinos/400-italic.css';
import '@fontsource/gelasio/400.css';
import '@fontsource/gelasio/700.css';
import '@fontsource/gelasio/400-italic.css';
import '@fontsource/anton/400.css';
import '@fontsource/comic-neue/400.css';
import '@fontsource/comic-neue/700.css';
import '@fontsource/comic-neue/400-italic.css';
import { EDITOR_FONTS, EDITOR_WEIGHTS, type EditorFont, type EditorWeight } from '@vitrine/shared/api/editor';

/** One shipped face: its CSS weight and style. `synthetic`: the browser slants the upright face. */
export type ShippedFace = { weight: 400 | 700; style: 'normal' | 'italic'; synthetic?: true };

export type EditorFontFace = {
  /** The CSS family the canvas draws with. */
  family: string;
  /** The npm package that ships it (SIL Open Font License 1.1). */
  source: string;
  /** True when a line has the same width as in the font the user picked. */
  metricCompatible: boolean;
  /** What is drawn if the font files could not be loaded. */
  fallback: 'sans-serif' | 'serif' | 'cursive';
  /** The face drawn for each of the editor's weights. */
  faces: Record<EditorWeight, ShippedFace>;
};

const regular: ShippedFace = { weight: 400, style: 'normal' };
const bold: ShippedFace = { weight: 700, style: 'normal' };
const italic: ShippedFace = { weight: 400, style: 'italic' };
const threeFaces = { normal: regular, bold, italic } as const;

export const EDITOR_FONT_FACES: Record<EditorFont, EditorFontFace> = {
  Arial: {
    family: 'Arimo',
    source: '@fontsource/arimo',
    metricCompatible: true,
    fallback: 'sans-serif',
    faces: threeFaces,
  },
  Helvetica: {
    family: 'Arimo',
    source: '@fontsource/arimo',
    metricCompatible: true,
    fallback: 'sans-serif',
    faces: threeFaces,
  },
  'Times New Roman': {
    family: 'Tinos',
    source: '@fontsource/tinos',
    metricCompatible: true,
    fallback: 'serif',
    faces: threeFaces,
  },
  Georgia: {
    family: 'Gelasio',
    source: '@fontsource/gelasio',
    metricCompatible: true,
    fallback: 'serif',
    faces: threeFaces,
  },
  // Impact has a single heavy weight, like Anton: bold draws that face rather than thickening it, and
  // italic slants it, as systems do with Impact itself.
  Impact: {
    family: 'Anton',
    source: '@fontsource/anton',
    metricCompatible: false,
    fallback: 'sans-serif',
    faces: { normal: regular, bold: regular, italic: { ...italic, synthetic: true } },
  },
  'Comic Sans MS': {
    family: 'Comic Neue',
    source: '@fontsource/comic-neue',
    metricCompatible: false,
    fallback: 'cursive',
    faces: threeFaces,
  },
};

/** The canvas `font` for a text layer: e.g. `normal 700 24px "Arimo", sans-serif`. */
export function canvasFont(font: EditorFont, weight: EditorWeight, sizePx: number): string {
  const { family, fallback, faces } = EDITOR_FONT_FACES[font];
  const face = faces[weight];
  return `${face.style} ${face.weight} ${sizePx}px "${family}", ${fallback}`;
}

/** Longest wait for font files before drawing anyway (with the fallback until they arrive). */
export const FONT_LOAD_TIMEOUT_MS = 5000;

/** Letters of the latin subset, asked for when no text is given. */
const SAMPLE = 'AaÀàÉéÇç0123456789';

type FontLoader = Pick<FontFaceSet, 'load'>;
export type FontRequest = { fontFamily: EditorFont; fontWeight: EditorWeight; text?: string };

/** Every font and weight the editor offers (the font picker's previews). */
export const ALL_EDITOR_FONTS: FontRequest[] = EDITOR_FONTS.flatMap((fontFamily) =>
  EDITOR_WEIGHTS.map((fontWeight) => ({ fontFamily, fontWeight })),
);

/**
 * Waits until the faces these text layers use are loaded, for the characters they hold, so the first
 * drawing already uses them. Resolves true when every face is ready, false when one failed or the wait
 * passed `timeoutMs`; it never rejects, and the canvas can be drawn either way.
 */
export async function loadEditorFonts(
  requests: readonly FontRequest[] = ALL_EDITOR_FONTS,
  options: { fonts?: FontLoader; timeoutMs?: number } = {},
): Promise<boolean> {
  const fonts = options.fonts ?? (typeof document === 'undefined' ? undefined : document.fonts);
  if (!fonts) return false;
  const wanted = new Map<string, string>();
  for (const { fontFamily, fontWeight, text } of requests) {
    const key = canvasFont(fontFamily, fontWeight, 24);
    wanted.set(key, (wanted.get(key) ?? '') + (text?.trim() ? text : SAMPLE));
  }
  const all = Promise.all(
    [...wanted].map(([font, text]) =>
      fonts.load(font, text).then(
        (faces) => faces.length > 0,
        () => false,
      ),
    ),
  ).then((ready) => ready.every(Boolean));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), options.timeoutMs ?? FONT_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
