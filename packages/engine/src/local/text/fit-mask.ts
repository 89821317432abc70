/**
 * Fitting words to a box: the largest size at which they fit, set on the measure that breaks their lines
 * most evenly.
 */
import type { TextBlock } from '../../art-direction/types';
import { renderText, type RawImage } from '../../image/sharp';
import { evenness } from './balance';
import { FONT_SETUP, type FontChoice } from './fonts';

/** A render of the words: the mask, the dpi and the measure it was set at. */
export type Rendered = { mask: RawImage; dpi: number; measure: number };
/** libvips reports the dpi it fitted; text it could not size is set at its default, 72. */
const DEFAULT_DPI = 72;

/** How much smaller (a share of the size) a text may be set to keep its lines balanced. */
const BALANCE_SHRINK = 0.05;

/** Narrower measures tried for balance, widest first. */
const NARROWER_MEASURES = [0.85, 0.75, 0.65, 0.55];
/** Where between two of them more are tried, as a share of the step, when the lines are uneven. */
const BETWEEN = [0.25, 0.5, 0.75];
/** Lines are even when the shortest is at least this share of the longest (balance.ts). */
const EVEN = 0.5;

const alignOf = (align: TextBlock['align']) => (align === 'left' ? 'left' : 'centre');

export const specOf = (markup: string, font: FontChoice, align: TextBlock['align']) =>
  ({
    markup,
    font: font.description,
    fontfile: FONT_SETUP.mode === 'registered' ? font.file : undefined,
    align: alignOf(align),
  }) as const;

/**
 * The text at the largest size that fits the box (and no larger than `largest` dpi), with even lines:
 * libvips fits it to the full measure, then that size is set on narrower measures, and the narrowest
 * whose lines are even (balance.ts) wins, so a last line is not left with one word; with none even,
 * the evenest.
 */
export async function fitMask(
  markup: string,
  font: FontChoice,
  box: TextBlock['box'],
  align: TextBlock['align'],
  largest: number,
): Promise<Rendered> {
  const spec = specOf(markup, font, align);
  const width = Math.round(box.width);
  let full = await renderText({ ...spec, width, height: box.height });
  if (full.dpi === undefined) return { mask: full.mask, dpi: DEFAULT_DPI, measure: width };
  let dpi = full.dpi;
  if (dpi > largest) {
    dpi = Math.floor(largest);
    full = await renderText({ ...spec, width, dpi });
  }
  // At a fixed size a render costs a fraction of fitting one: the narrower measures at once. A
  // narrower measure whose lines come out a hair taller than the box (another word on the first line
  // brings a descender) is set a little smaller instead of being lost: balance is worth a few percent.
  const fits = (mask: RawImage) => mask.height <= box.height && mask.width <= box.width;
  const atMeasure = async (share: number): Promise<Rendered> => {
    const measure = Math.round(box.width * share);
    const { mask } = await renderText({ ...spec, width: measure, dpi });
    if (fits(mask) || mask.height > box.height * (1 + BALANCE_SHRINK)) return { mask, dpi, measure };
    // Smaller on a measure narrower in proportion: the same words on each line, only smaller (on the
    // same measure, a smaller size takes a word back onto the line above, and the balance is lost). Ink
    // does not scale to the pixel: a second try a percent smaller if the first is still a hair tall.
    let shrunk = { mask, dpi, measure };
    for (const margin of [1, 0.99]) {
      const smaller = Math.floor(((dpi * box.height) / mask.height) * margin);
      const scaled = Math.floor((measure * smaller) / dpi);
      shrunk = {
        mask: (await renderText({ ...spec, width: scaled, dpi: smaller })).mask,
        dpi: smaller,
        measure: scaled,
      };
      if (fits(shrunk.mask)) break;
    }
    return shrunk;
  };
  const whole = { mask: full.mask, dpi, measure: width };
  const candidates: Candidate[] = [];
  const consider = (share: number, set: Rendered) => {
    if (fits(set.mask)) candidates.push({ share, set, even: evenness(set.mask) });
  };
  const shares = [1, ...NARROWER_MEASURES];
  const sets = [whole, ...(await Promise.all(NARROWER_MEASURES.map(atMeasure)))];
  shares.forEach((share, i) => consider(share, sets[i]!));
  if (candidates.length === 0) return whole;
  // The narrowest that fits leaves a short last line: the measures between it and the next, which does
  // not fit, may break the lines more evenly.
  const narrowest = candidates.at(-1)!;
  const next = shares[shares.indexOf(narrowest.share) + 1];
  if (next !== undefined && narrowest.even < EVEN) {
    const between = BETWEEN.map((step) => narrowest.share - (narrowest.share - next) * step);
    (await Promise.all(between.map(atMeasure))).forEach((set, i) => consider(between[i]!, set));
  }
  return evenestNarrowest(candidates);
}

/** A set that fits: the share of the box's width it was set on, and how even its lines are. */
type Candidate = { share: number; set: Rendered; even: number };

/** The narrowest of the sets whose lines are even, else the evenest (the narrower of equals). */
function evenestNarrowest(candidates: Candidate[]): Rendered {
  const even = candidates.filter((candidate) => candidate.even >= EVEN);
  if (even.length > 0) return even.reduce((a, b) => (b.share < a.share ? b : a)).set;
  return candidates.reduce((a, b) => (b.even > a.even || (b.even === a.even && b.share < a.share) ? b : a))
    .set;
}
