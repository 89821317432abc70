/**
 * Setting a text block: the typography of its language, the typeface's case, then the largest size at
 * which the wrapped text fits its box, on even lines (fit-mask.ts), in the face it was meant for.
 */
import { threadId } from 'node:worker_threads';
import { applyTypography, upperCase } from '@vitrine/shared/typography';
import type { TextBlock } from '../../art-direction/types';
import { EngineError } from '../../errors';
import { fromRaw, renderText, toRaw, type RawImage } from '../../image/sharp';
import { checkFace, type FaceReport } from './face-check';
import { fitMask, specOf, type Rendered } from './fit-mask';
import { EMOJI_FONTS, FONT_SETUP, fontFor, shippedFaces, type FontChoice } from './fonts';

export type TextRect = { x: number; y: number; width: number; height: number };
/**
 * A set text: the words as set, the coverage of their ink, where it goes, the face checked, and the
 * size (libvips's dpi, see layers.ts's emPx) and measure (wrapping width, px) it
 * was set at: the same words at the same dpi and measure give the same mask (text layers, layers.ts).
 */
export type SetText = {
  text: string;
  mask: RawImage;
  rect: TextRect;
  face: FaceReport;
  dpi: number;
  measure: number;
};

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The set text of a block, the face it was checked to be drawn with, its dpi and measure. */
type Fitted = Rendered & { face: FaceReport };

/** The words at a given dpi, wrapped at a given measure: how a text layer is set again. */
async function maskAt(
  markup: string,
  font: FontChoice,
  align: TextBlock['align'],
  dpi: number,
  measure: number,
): Promise<Rendered> {
  const { mask } = await renderText({ ...specOf(markup, font, align), width: measure, dpi });
  return { mask, dpi, measure };
}

/**
 * The fitted text, once the face it is drawn with is checked (face-check.ts). A text found in another
 * face is set again after every shipped face is registered anew; found so again, it is refused, and
 * the variant with it: a wrong face is never shipped.
 */
async function checkedText(
  text: string,
  font: FontChoice,
  render: (markup: string) => Promise<Rendered>,
): Promise<Fitted> {
  const markup = escapeMarkup(text);
  const fontfile = () => (FONT_SETUP.mode === 'registered' ? font.file : undefined);
  // Without the faces in the configuration, the emoji font is registered before any text is checked.
  if (fontfile()) await emojiRegistered();
  let [set, check] = await Promise.all([render(markup), checkFace(text, font, fontfile())]);
  if (!check.ok) {
    console.warn(
      'engine: text drawn in another face than %s; registering the faces again',
      font.description,
      check.mismatches,
    );
    await registerAgain();
    [set, check] = await Promise.all([render(markup), checkFace(text, font, fontfile())]);
  }
  if (!check.ok) {
    const chars = check.mismatches.map((m) => m.char).join('');
    throw new EngineError('TEXT_FACE', `"${text}" is not drawn in ${font.description} (characters ${chars})`);
  }
  return { ...set, face: check.report };
}

/** Re-registrations a thread may make; past them a text in another face is refused at once. */
const REGISTRATIONS_PER_THREAD = 16;
let registrations = 0;
let reregistering: Promise<void> | null = null;

/**
 * Registers every shipped face with fontconfig's current configuration, under paths libvips has not
 * seen: it registers a path once per process, and the configuration may have been rebuilt since. The
 * path is the file's own with `./` segments, as many as make it this thread's and this attempt's alone
 * (every render thread of the process shares libvips's list). One at a time per thread.
 */
function registerAgain(): Promise<void> {
  reregistering ??= (async () => {
    if (registrations >= REGISTRATIONS_PER_THREAD) return;
    const repeats = threadId * REGISTRATIONS_PER_THREAD + ++registrations;
    for (const { file, description } of shippedFaces()) {
      const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
      const alias = `${file.slice(0, cut + 1)}${'./'.repeat(repeats)}${file.slice(cut + 1)}`;
      await renderText({
        markup: 'a',
        font: description,
        fontfile: alias,
        width: 64,
        dpi: 72,
        align: 'left',
      });
    }
  })().finally(() => (reregistering = null));
  return reregistering;
}

let registering: Promise<void> | null = null;

/**
 * When the faces are not in fontconfig's configuration, libvips registers a font file when a text is
 * set with it: one emoji set with each emoji file makes them available to every description.
 */
function emojiRegistered(): Promise<void> {
  registering ??= Promise.all(
    EMOJI_FONTS.map(({ file, description }) =>
      renderText({
        markup: '🙂',
        font: description,
        fontfile: file,
        width: 64,
        dpi: 72,
        align: 'left',
      }),
    ),
  ).then(
    () => undefined,
    // Without it, emoji come out as boxes with their code, but every other character is set as before:
    // a text is never refused for it. Tried again a minute later.
    (error: unknown) => {
      console.warn('engine: the emoji font could not be registered', error);
      setTimeout(() => (registering = null), 60_000).unref();
    },
  );
  return registering;
}

/**
 * Set text depends only on the words, the font, the box's size and the alignment, not on where the box
 * is: the variants of a request share their masks. A small cache keeps the latest ones; masks in it are
 * shared and must not be written to.
 */
const CACHE_SIZE = 48;
const masks = new Map<string, Promise<Fitted>>();

function cachedFit(
  text: string,
  font: FontChoice,
  box: TextBlock['box'],
  align: TextBlock['align'],
  largest: number,
): Promise<Fitted> {
  const key = JSON.stringify([text, font.file, font.description, box.width, box.height, align, largest]);
  let mask = masks.get(key);
  if (mask) {
    // Most recently used last, so the oldest entry is the first one evicted.
    masks.delete(key);
  } else {
    const fitting = checkedText(text, font, (markup) => fitMask(markup, font, box, align, largest));
    // A failed render is not remembered: the next request tries again.
    fitting.catch(() => {
      if (masks.get(key) === fitting) masks.delete(key);
    });
    mask = fitting;
  }
  masks.set(key, mask);
  if (masks.size > CACHE_SIZE) masks.delete(masks.keys().next().value!);
  return mask;
}

/** The words as set: the typography of their language, then the typeface's case. */
export function wordsOf(block: Pick<TextBlock, 'text' | 'language' | 'typeface'>): string {
  const text = applyTypography(block.text, block.language);
  return block.typeface.uppercase ? upperCase(text, block.language) : text;
}

const fittedOf = (block: TextBlock, text: string, largest = Infinity) =>
  cachedFit(text, fontFor(block.typeface), block.box, block.align, largest);

/**
 * Starts setting the blocks now, so that the text is ready (rendered by libvips on another thread)
 * by the time the picture underneath is; layoutText then finds the masks done. Errors surface there.
 */
export function prefetchText(blocks: readonly TextBlock[]): void {
  for (const block of blocks) {
    // Light text gets a soft shadow (typeset.ts): its blur is made as soon as the text is set.
    void fittedOf(block, wordsOf(block))
      .then(({ mask }) => textShadow(mask, shadowSigma(Math.min(mask.height, block.box.height))))
      .catch(() => undefined);
  }
}

/** The blur of a text's shadow, for text set this tall. */
export const shadowSigma = (height: number) => Math.max(1.5, height * 0.03);

/** Shadows by mask and blur (masks are shared between variants: so are their shadows). */
const shadows = new WeakMap<RawImage, Map<number, Promise<RawImage>>>();

/** The mask with a margin of three sigmas, blurred: the shape of its soft shadow. Read only. */
export function textShadow(mask: RawImage, sigma: number): Promise<RawImage> {
  let bySigma = shadows.get(mask);
  if (!bySigma) shadows.set(mask, (bySigma = new Map()));
  let shadow = bySigma.get(sigma);
  if (!shadow) {
    const pad = Math.ceil(sigma * 3);
    shadow = toRaw(
      fromRaw(mask)
        .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
        .blur(sigma)
        .extractChannel(0),
    );
    const made = shadow;
    // A failed blur is not remembered.
    made.catch(() => bySigma.delete(sigma));
    bySigma.set(sigma, made);
  }
  return shadow;
}

/**
 * The set text of a block as a coverage mask (shared: read only), and where it goes on the canvas; at
 * `largest` dpi at most (a tagline under its slogan).
 */
export async function layoutText(block: TextBlock, largest = Infinity): Promise<SetText> {
  const text = wordsOf(block);
  const { box } = block;
  const { mask, face, dpi, measure } = await fittedOf(block, text, largest);
  return { text, mask, rect: rectIn(box, block.align, mask), face, dpi, measure };
}

/** Where set text goes in its box: left or centred across, centred down; cut to the box. */
export function rectIn(box: TextBlock['box'], align: TextBlock['align'], mask: RawImage): TextRect {
  const width = Math.min(mask.width, box.width);
  const height = Math.min(mask.height, box.height);
  return {
    x: align === 'left' ? box.x : Math.round(box.x + (box.width - width) / 2),
    y: Math.round(box.y + (box.height - height) / 2),
    width,
    height,
  };
}

/**
 * A text layer's words set again at its own dpi and measure, with the face checked as every set text
 * is (not cached: a layer is set once per export). The words get their language's typography.
 */
export async function layoutAt(
  block: Pick<TextBlock, 'text' | 'language' | 'typeface' | 'align'>,
  dpi: number,
  measure: number,
): Promise<Omit<SetText, 'rect'>> {
  const text = wordsOf(block);
  const font = fontFor(block.typeface);
  const set = await checkedText(text, font, (markup) => maskAt(markup, font, block.align, dpi, measure));
  return { text, mask: set.mask, face: set.face, dpi, measure };
}
