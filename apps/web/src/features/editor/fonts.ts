/**
 * The editor's six font names drawn in the browser with the very font files the engine sets them in
 * when it exports (EDITOR_TYPEFACES: Inter, Playfair Display, Space Grotesk and Caveat, from the
 * @expo-google-fonts packages the engine uses, SIL Open Font License 1.1): what the preview shows, line
 * breaks included, is what the exported image holds (docs/decisions/054). Licences: apps/web/NOTICE.md.
 *
 * The faces are registered once in the page's font set under names of their own (the interface's Inter
 * Variable is another font); the browser downloads a file only when a text first needs it.
 */
import interMedium from '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf?url';
import interExtraBold from '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf?url';
import playfairRegular from '@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf?url';
import playfairItalic from '@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf?url';
import playfairBold from '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf?url';
import groteskMedium from '@expo-google-fonts/space-grotesk/500Medium/SpaceGrotesk_500Medium.ttf?url';
import groteskBold from '@expo-google-fonts/space-grotesk/700Bold/SpaceGrotesk_700Bold.ttf?url';
import caveatMedium from '@expo-google-fonts/caveat/500Medium/Caveat_500Medium.ttf?url';
import caveatBold from '@expo-google-fonts/caveat/700Bold/Caveat_700Bold.ttf?url';
import { EDITOR_FONTS, EDITOR_WEIGHTS, type EditorFont, type EditorWeight } from '@vitrine/shared/api/editor';
import { EDITOR_TYPEFACES, type EditorTypeface } from '@vitrine/shared/api/editor-typefaces';

/** One engine face as the browser loads it: its family, weight, slant and file. */
export type ShippedFace = EditorTypeface & { url: string; pkg: string; file: string };

/** Every face EDITOR_TYPEFACES uses, with the file the engine sets it from. */
export const SHIPPED_FACES: readonly ShippedFace[] = [
  {
    family: 'Inter',
    weight: 500,
    italic: false,
    url: interMedium,
    pkg: '@expo-google-fonts/inter',
    file: '500Medium/Inter_500Medium.ttf',
  },
  {
    family: 'Inter',
    weight: 800,
    italic: false,
    url: interExtraBold,
    pkg: '@expo-google-fonts/inter',
    file: '800ExtraBold/Inter_800ExtraBold.ttf',
  },
  {
    family: 'Playfair Display',
    weight: 400,
    italic: false,
    url: playfairRegular,
    pkg: '@expo-google-fonts/playfair-display',
    file: '400Regular/PlayfairDisplay_400Regular.ttf',
  },
  {
    family: 'Playfair Display',
    weight: 400,
    italic: true,
    url: playfairItalic,
    pkg: '@expo-google-fonts/playfair-display',
    file: '400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf',
  },
  {
    family: 'Playfair Display',
    weight: 700,
    italic: false,
    url: playfairBold,
    pkg: '@expo-google-fonts/playfair-display',
    file: '700Bold/PlayfairDisplay_700Bold.ttf',
  },
  {
    family: 'Space Grotesk',
    weight: 500,
    italic: false,
    url: groteskMedium,
    pkg: '@expo-google-fonts/space-grotesk',
    file: '500Medium/SpaceGrotesk_500Medium.ttf',
  },
  {
    family: 'Space Grotesk',
    weight: 700,
    italic: false,
    url: groteskBold,
    pkg: '@expo-google-fonts/space-grotesk',
    file: '700Bold/SpaceGrotesk_700Bold.ttf',
  },
  {
    family: 'Caveat',
    weight: 500,
    italic: false,
    url: caveatMedium,
    pkg: '@expo-google-fonts/caveat',
    file: '500Medium/Caveat_500Medium.ttf',
  },
  {
    family: 'Caveat',
    weight: 700,
    italic: false,
    url: caveatBold,
    pkg: '@expo-google-fonts/caveat',
    file: '700Bold/Caveat_700Bold.ttf',
  },
];

/** The CSS family a face is registered under. */
export const cssFamily = (family: EditorTypeface['family']) => `Vitrine ${family}`;

const FALLBACK: Record<EditorTypeface['family'], 'sans-serif' | 'serif' | 'cursive'> = {
  Inter: 'sans-serif',
  'Playfair Display': 'serif',
  'Space Grotesk': 'sans-serif',
  Caveat: 'cursive',
};

export type EditorFontFace = {
  /** The CSS family the canvas draws with. */
  family: string;
  /** What is drawn if the font files could not be loaded. */
  fallback: 'sans-serif' | 'serif' | 'cursive';
  /** The face drawn for each of the editor's weights. */
  faces: Record<EditorWeight, { weight: number; style: 'normal' | 'italic' }>;
};

export const EDITOR_FONT_FACES = Object.fromEntries(
  EDITOR_FONTS.map((font) => {
    const faces = EDITOR_TYPEFACES[font];
    const family = faces.normal.family;
    const face = (weight: EditorWeight) => ({
      weight: faces[weight].weight,
      style: faces[weight].italic ? ('italic' as const) : ('normal' as const),
    });
    return [
      font,
      {
        family: cssFamily(family),
        fallback: FALLBACK[family],
        faces: { normal: face('normal'), bold: face('bold'), italic: face('italic') },
      },
    ];
  }),
) as Record<EditorFont, EditorFontFace>;

/** The canvas `font` for a text layer: e.g. `normal 800 24px "Vitrine Inter", sans-serif`. */
export function canvasFont(font: EditorFont, weight: EditorWeight, sizePx: number): string {
  const { family, fallback, faces } = EDITOR_FONT_FACES[font];
  const face = faces[weight];
  return `${face.style} ${face.weight} ${sizePx}px "${family}", ${fallback}`;
}

type FontSet = Pick<FontFaceSet, 'add'>;
let registered: FontSet | null = null;

/** Adds the engine's faces to the page's fonts, once (nothing is downloaded until a text needs it). */
export function registerEditorFaces(
  fonts: FontSet | undefined = typeof document === 'undefined' ? undefined : document.fonts,
): void {
  if (!fonts || registered === fonts || typeof FontFace === 'undefined') return;
  for (const face of SHIPPED_FACES)
    fonts.add(
      new FontFace(cssFamily(face.family), `url(${face.url}) format('truetype')`, {
        weight: String(face.weight),
        style: face.italic ? 'italic' : 'normal',
        display: 'swap',
      }),
    );
  registered = fonts;
}
registerEditorFaces();

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
