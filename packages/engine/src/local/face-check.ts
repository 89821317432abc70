/**
 * Which face a text was drawn with, checked rather than assumed. Each character of the text is drawn
 * alone, spaced out, with the same description, and its ink is held against the glyph the font file
 * that should have drawn it holds (the typeface's own file, else the emoji font's), drawn from the
 * file's outline without any font lookup (font-metrics.ts):
 * - its width, which hinting leaves alone (FreeType hints TrueType outlines vertically only);
 * - its shape, once both are brought to the same box (hinting moves heights by a pixel or two).
 * A fallback face (DejaVu Sans, say) fails on almost every character; the right face passes each.
 * Characters neither file has are drawn from the system's fonts, as they always were, and are listed.
 */
import { fontMetrics } from './font-metrics';
import { emojiFontFor, type FontChoice } from './fonts';
import { fromSvg, renderText, toRaw, type RawImage } from '../image/sharp';

/** What the metadata records of the face a text was set in. */
export type FaceReport = {
  family: string;
  weight: number;
  italic: boolean;
  /** The face's file name. */
  file: string;
  /** Whether every character's ink matched its glyph in the file that should have drawn it. */
  checked: boolean;
  /** Characters drawn from the emoji font. */
  emoji?: string;
  /** Characters neither file has, drawn from the system's fonts. */
  system?: string;
};

export type GlyphMismatch = { char: string; width: number; expectedWidth: number; shape: number };

export type FaceCheck = { ok: boolean; report: FaceReport; mismatches: GlyphMismatch[] };

/** The probe's size: large enough that a glyph's width is measured to within about 2 %. */
const SIZE = 48;
/** Extra space between the probe's characters, in em: no two glyphs' ink can touch. */
const SPACING = 0.6;
/** Ink columns closer than this (em) belong to one glyph (the two strokes of a quote, say). */
const JOIN = 0.3;
/** Each character's own glyph, as the file maps it: no ligature, contextual alternate or kerning. */
const FEATURES_OFF = '-liga,-clig,-calt,-rclt,-kern';
/** Pango slants a face that has no italic by this much (x += 0.2 y): the emoji in an italic text. */
const SYNTHETIC_SLANT = 0.2;

const SKIPPED = /[\s\p{M}\p{Cc}\p{Cf}]/u;
const VARIATION = /[\ufe0e\ufe0f]/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `token`: the character with its variation selector, as the probe draws it. */
type Glyph = { char: string; token: string; file: string; slanted: boolean };

/**
 * Drawn with every text: glyphs whose shapes differ most between typefaces (a two-storey a, the tail
 * of a Q, an ampersand), so that even a one-character text tells its face from any other.
 */
const SENTINELS = 'aRgQ&1%y@G';

/**
 * A character as the text has it: with the variation selector after it, which asks for its emoji (FE0F)
 * or text (FE0E) presentation.
 */
function charactersOf(text: string): { char: string; selector: string }[] {
  const points = Array.from(text);
  return points.flatMap((char, i) => {
    const next = points[i + 1];
    return VARIATION.test(char) ? [] : [{ char, selector: next && VARIATION.test(next) ? next : '' }];
  });
}

/**
 * The characters to check, each with the file that should draw it. Pango draws a character shown as an
 * emoji (emoji presentation by default, or asked for with FE0F) from the emoji font when it has one, even
 * if the typeface has the character too (a white square, a ladder); other characters from the typeface
 * when it has them, else from the emoji font, else from the system's fonts.
 */
function expectedGlyphs(text: string, font: FontChoice) {
  const emojiFont = emojiFontFor(font.weight);
  const glyphs: Glyph[] = [];
  const emoji: string[] = [];
  const system: string[] = [];
  const seen = new Set<string>();
  for (const { char, selector } of charactersOf(text + SENTINELS)) {
    const token = char + selector;
    if (SKIPPED.test(char) || seen.has(token)) continue;
    seen.add(token);
    const codePoint = char.codePointAt(0)!;
    const own = fontMetrics(font.file).box(codePoint);
    const fromEmoji = emojiFont ? fontMetrics(emojiFont.file).box(codePoint) : undefined;
    const asEmoji = selector === '\ufe0f' || (selector === '' && EMOJI_PRESENTATION.test(char));
    if (own !== undefined && !(asEmoji && fromEmoji !== undefined)) {
      if (own) glyphs.push({ char, token, file: font.file, slanted: false });
    } else if (fromEmoji !== undefined && emojiFont) {
      emoji.push(char);
      if (fromEmoji) glyphs.push({ char, token, file: emojiFont.file, slanted: font.italic });
    } else {
      system.push(char);
    }
  }
  return { glyphs, emoji: emoji.join(''), system: system.join('') };
}

type Span = { x0: number; x1: number; top: number; bottom: number };

/** Where the probe's glyphs are, left to right. */
function inkSpans(mask: RawImage): Span[] {
  const { data, width, height } = mask;
  const inColumn = new Uint8Array(width);
  for (let i = 0; i < data.length; i++) if (data[i]! > 0) inColumn[i % width] = 1;
  const spans: Span[] = [];
  for (let x = 0; x < width; x++) {
    if (!inColumn[x]) continue;
    const last = spans.at(-1);
    if (last && x - last.x1 <= JOIN * SIZE) last.x1 = x + 1;
    else spans.push({ x0: x, x1: x + 1, top: 0, bottom: 0 });
  }
  for (const span of spans) {
    let top = height;
    let bottom = 0;
    for (let y = 0; y < height; y++) {
      for (let x = span.x0; x < span.x1; x++) {
        if (data[y * width + x]! > 0) {
          top = Math.min(top, y);
          bottom = y + 1;
          break;
        }
      }
    }
    Object.assign(span, { top, bottom });
  }
  return spans;
}

/** The coverage inside a box of a mask, as a new image. */
function crop(mask: RawImage, span: Span): RawImage {
  const width = span.x1 - span.x0;
  const height = span.bottom - span.top;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const from = (span.top + y) * mask.width + span.x0;
    mask.data.copy(data, y * width, from, from + width);
  }
  return { data, width, height, channels: 1 };
}

/** The glyph as its file draws it at the probe's size, cropped to its ink (one channel). */
const references = new Map<string, Promise<RawImage>>();
function reference(glyph: Glyph): Promise<RawImage> {
  const key = `${glyph.file}\u0000${glyph.char}\u0000${glyph.slanted}`;
  let made = references.get(key);
  if (!made) {
    const metrics = fontMetrics(glyph.file);
    const box = metrics.box(glyph.char.codePointAt(0)!)!;
    const scale = SIZE / metrics.unitsPerEm;
    const slant = glyph.slanted ? SYNTHETIC_SLANT : 0;
    const width = Math.ceil((box.xMax - box.xMin + (box.yMax - Math.min(0, box.yMin)) * slant) * scale) + 4;
    const height = Math.ceil((box.yMax - box.yMin) * scale) + 4;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <path d="${metrics.outline(glyph.char.codePointAt(0)!)}"
        transform="translate(${2 + (-box.xMin - Math.min(0, box.yMin) * slant) * scale} ${2 + box.yMax * scale}) matrix(${scale} 0 ${slant * scale} ${-scale} 0 0)"/>
    </svg>`;
    made = toRaw(fromSvg(svg).extractChannel(3)).then((drawn) => {
      const span = inkSpans(drawn).reduce((a, b) => ({
        x0: Math.min(a.x0, b.x0),
        x1: Math.max(a.x1, b.x1),
        top: Math.min(a.top, b.top),
        bottom: Math.max(a.bottom, b.bottom),
      }));
      return crop(drawn, span);
    });
    made.catch(() => references.delete(key));
    references.set(key, made);
  }
  return made;
}

/** A one-channel image stretched to another size (bilinear). */
function resample(image: RawImage, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      const at = (px: number, py: number) => image.data[py * image.width + px]!;
      const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
      const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
      out[y * width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
  return out;
}

/**
 * How alike two glyph images are, 0 to 1: the drawn one is brought to the reference's box, then the
 * share of each one's ink (coverage over a half) that the other covers within a pixel; the smaller share.
 * A pixel's leeway absorbs antialiasing and hinting; another face's strokes are elsewhere.
 */
function likeness(drawn: RawImage, expected: RawImage): number {
  const { width, height } = expected;
  const resized = { data: resample(drawn, width, height) };
  const share = (a: Buffer, b: Buffer) => {
    let ink = 0;
    let covered = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (a[y * width + x]! <= 127) continue;
        ink++;
        near: for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height && b[ny * width + nx]! > 63) {
              covered++;
              break near;
            }
          }
        }
      }
    }
    return ink ? covered / ink : 1;
  };
  // Within a pixel, a bolder weight of the same design still matches: its strokes hold more ink. Measured
  // at the drawn size, allowing a quarter of a pixel of coverage all along the box's outline (antialiasing, hinting).
  const ink = (data: Buffer) => data.reduce((sum, v) => sum + v, 0);
  const leeway = ink(expected.data) * MASS_TOLERANCE + 127 * (width + height);
  const weightAlike = Math.abs(ink(drawn.data) - ink(expected.data)) <= leeway;
  return weightAlike ? Math.min(share(resized.data, expected.data), share(expected.data, resized.data)) : 0;
}

/** A glyph's ink may be this much wider or narrower than its outline (antialiasing, rounding). */
const widthMatches = (expected: number, measured: number) =>
  Math.abs(expected - measured) <= 1.5 + expected * 0.03;
/** An emoji's ink may be this much taller or shorter than its outline (hinting snaps it vertically). */
const heightMatches = (expected: number, measured: number) =>
  Math.abs(expected - measured) <= 2 + expected * 0.06;
/** How much more or less ink than its outline a glyph may hold (antialiasing, hinting). */
const MASS_TOLERANCE = 0.1;
/** The share of common ink under which a glyph is another face's. */
const MIN_LIKENESS = 0.9;

/**
 * Checks the face a text is drawn with in this process now. `fontfile`: the file to name for libvips
 * to register (when the faces are not in fontconfig's configuration).
 */
export async function checkFace(text: string, font: FontChoice, fontfile?: string): Promise<FaceCheck> {
  const { glyphs, emoji, system } = expectedGlyphs(text, font);
  const report: FaceReport = {
    family: font.family,
    weight: font.weight,
    italic: font.italic,
    file: font.file.split(/[\\/]/).pop()!,
    checked: true,
    ...(emoji && { emoji }),
    ...(system && { system }),
  };
  if (!glyphs.length) return { ok: true, report, mismatches: [] };
  const spacing = Math.round(SIZE * SPACING * 1024);
  const chars = escapeMarkup(glyphs.map((g) => g.token).join(' '));
  const [{ mask }, expected] = await Promise.all([
    renderText({
      markup: `<span letter_spacing="${spacing}" font_features="${FEATURES_OFF}">${chars}</span>`,
      font: `${font.description} ${SIZE}px`,
      fontfile,
      width: 1_000_000,
      dpi: 72,
      align: 'left',
    }),
    Promise.all(glyphs.map(reference)),
  ]);
  const spans = inkSpans(mask);
  const mismatches: GlyphMismatch[] = [];
  for (const [i, glyph] of glyphs.entries()) {
    const want = expected[i]!;
    const span = spans.length === glyphs.length ? spans[i]! : null;
    const width = span ? span.x1 - span.x0 : 0;
    const drawn = span ? crop(mask, span) : null;
    // An emoji's glyph is told by its size: the emoji font's outlines have hairline details that hinting
    // thickens, and the faces the check tells apart are the typefaces (the sentinels are theirs).
    const fromEmoji = glyph.file !== font.file;
    const shape = !drawn
      ? 0
      : fromEmoji
        ? heightMatches(want.height, drawn.height)
          ? 1
          : 0
        : likeness(drawn, want);
    if (!span || !widthMatches(want.width, width) || shape < MIN_LIKENESS) {
      mismatches.push({
        char: glyph.char,
        width,
        expectedWidth: want.width,
        shape: Math.round(shape * 100) / 100,
      });
    }
  }
  return { ok: mismatches.length === 0, report: { ...report, checked: mismatches.length === 0 }, mismatches };
}
