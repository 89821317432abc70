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
import { fromSvg, renderText, toRaw, type RawImage } from '../../image/sharp';
import { crop, inkSpans, likeness } from './glyph-ink';

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
      const span = inkSpans(drawn, JOIN * SIZE).reduce((a, b) => ({
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

/** A glyph's ink may be this much wider or narrower than its outline (antialiasing, rounding). */
const widthMatches = (expected: number, measured: number) =>
  Math.abs(expected - measured) <= 1.5 + expected * 0.03;
/** An emoji's ink may be this much taller or shorter than its outline (hinting snaps it vertically). */
const heightMatches = (expected: number, measured: number) =>
  Math.abs(expected - measured) <= 2 + expected * 0.06;
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
  const spans = inkSpans(mask, JOIN * SIZE);
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
