/**
 * How much to trust an automatic cut-out, from 0 to 1, measured on the analysis copy without any
 * reference: a product found where something stands out (agreement with the prior), separated from
 * its background by colour and by a real edge, of a plausible size, not running along the photo's
 * borders, in one main piece. Size and borders, and unity or (without a learned model) colour
 * separation below a floor, veto; the rest is a weighted mean. Below FRAME_BELOW the photo is framed whole and the user is told.
 * With a learned model, how decided its map is stands in for the edge support (decision 105): the
 * model already follows edges, so a strong edge along its outline says little (it ran along the
 * wrong one in the development sets' worst cut-outs), while a wide band of half-answers says it was
 * unsure where the product ends.
 *
 * It is a heuristic, not a probability: it tells a photo with nothing to cut out (or a subject filling
 * the frame) from one with a subject, but a cut-out that takes in a band of scenery can still score
 * high. The user checks the result before generating (and the metadata of each image carries it).
 */
export const FRAME_BELOW = 0.35;
/** A cut-out covering less of the photo than this is no product found (a speck, not a product). */
export const MIN_PRODUCT_SHARE = 0.01;
/**
 * A model's answer over `above` and up to `upTo` is a half-answer: it is unsure there. That includes
 * the pale parts faint-parts.ts lifts to 0.9 (its SURE): the model half-saw them, and the cut-out there
 * rests on the engine's reading of the photo (measured with them counted, decision 105).
 */
const UNSURE = { above: 0.1, upTo: 0.9 } as const;
/**
 * Half-answers over this share of the model's product area cost nothing (a map's own blur around a
 * clear outline is about 0.1 of a compact product's area); from there to this share plus UNSURE_SPAN,
 * the decisiveness falls to 0.
 */
const UNSURE_FREE = 0.1;
const UNSURE_SPAN = 0.5;

export type ConfidenceParts = {
  size: number;
  border: number;
  agreement: number;
  separation: number;
  edge: number;
  unity: number;
  /** How decided the prior is where the product might end: 1 for a clear map; 0 for half-answers. */
  decisive: number;
};

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Share of the mask in its largest 4-connected component. */
function largestShare(mask: Uint8Array, width: number): number {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let total = 0;
  let largest = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    let area = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
      const p = stack[--top]!;
      area++;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < mask.length && mask[q] && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    total += area;
    if (area > largest) largest = area;
  }
  return total ? largest / total : 0;
}

export function confidenceOf(
  mask: Uint8Array,
  prior: Float32Array,
  lab: Float32Array,
  width: number,
  height: number,
  options: {
    /**
     * The prior is a learned model's segmentation: it tells a white toilet from a white wall by what
     * it is, not by colour, so poor colour separation is no veto (it is still weighed). Measured on
     * the development sets (decision 053), the veto framed 3 of 22 good cut-outs and none of the bad.
     */
    learned?: boolean;
  } = {},
): { score: number; parts: ConfidenceParts } {
  const count = width * height;
  let area = 0;
  let both = 0;
  let either = 0;
  let priorArea = 0;
  let unsure = 0;
  for (let p = 0; p < count; p++) {
    const m = mask[p]!;
    const v = prior[p]!;
    const s = v >= 0.5 ? 1 : 0;
    area += m;
    priorArea += s;
    if (v > UNSURE.above && v <= UNSURE.upTo) unsure++;
    if (m && s) both++;
    if (m || s) either++;
  }
  const decisive = 1 - clamp01((unsure / Math.max(1, priorArea) - UNSURE_FREE) / UNSURE_SPAN);
  const coverage = area / count;
  const size =
    coverage < MIN_PRODUCT_SHARE
      ? 0
      : coverage < 0.03
        ? (coverage - MIN_PRODUCT_SHARE) / (0.03 - MIN_PRODUCT_SHARE)
        : coverage > 0.9
          ? 0
          : coverage > 0.7
            ? (0.9 - coverage) / 0.2
            : 1;

  let borderPixels = 0;
  let borderFore = 0;
  for (let x = 0; x < width; x++) {
    borderFore += mask[x]! + mask[(height - 1) * width + x]!;
    borderPixels += 2;
  }
  for (let y = 1; y < height - 1; y++) {
    borderFore += mask[y * width]! + mask[y * width + width - 1]!;
    borderPixels += 2;
  }
  const borderShare = borderFore / borderPixels;
  const border = clamp01(1 - (borderShare - 0.12) / 0.3);

  const agreement = either ? both / either : 0;

  // Colour separation: overlap of the product's and the background's Lab histograms (8x8x8 bins).
  const bins = 8;
  const fore = new Float32Array(bins ** 3);
  const back = new Float32Array(bins ** 3);
  for (let p = 0; p < count; p++) {
    const l = Math.min(bins - 1, Math.max(0, Math.floor((lab[p * 3]! / 100) * bins)));
    const a = Math.min(bins - 1, Math.max(0, Math.floor(((lab[p * 3 + 1]! + 64) / 128) * bins)));
    const b = Math.min(bins - 1, Math.max(0, Math.floor(((lab[p * 3 + 2]! + 64) / 128) * bins)));
    const bin = (l * bins + a) * bins + b;
    if (mask[p]) fore[bin]!++;
    else back[bin]!++;
  }
  let overlap = 0;
  for (let i = 0; i < fore.length; i++)
    overlap += Math.min(fore[i]! / Math.max(1, area), back[i]! / Math.max(1, count - area));
  const separation = clamp01((1 - overlap - 0.1) / 0.8);

  // Edge support: lightness gradient along the outline against the photo's typical gradient.
  let edgeSum = 0;
  let edgeCount = 0;
  let allSum = 0;
  let allCount = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx = lab[(p + 1) * 3]! - lab[(p - 1) * 3]!;
      const gy = lab[(p + width) * 3]! - lab[(p - width) * 3]!;
      const g = Math.hypot(gx, gy);
      allSum += g;
      allCount++;
      const m = mask[p]!;
      if (m !== mask[p + 1] || m !== mask[p + width]) {
        edgeSum += g;
        edgeCount++;
      }
    }
  }
  const ratio = edgeCount && allSum ? edgeSum / edgeCount / (allSum / allCount) : 0;
  const edge = clamp01((ratio - 1) / 4);

  const unity = largestShare(mask, width);

  const parts = { size, border, agreement, separation, edge, unity, decisive };
  // Without colour separation, or in a scatter of small pieces (stripes, a pattern), there is no
  // subject to speak of, whatever else looks right.
  const separated = options.learned ? 1 : clamp01((separation - 0.2) / 0.3);
  const whole = clamp01((unity - 0.15) / 0.25);
  const score =
    size *
    border *
    separated *
    whole *
    (0.3 * agreement + 0.3 * separation + 0.25 * (options.learned ? decisive : edge) + 0.15 * unity);
  return { score: Math.round(clamp01(score) * 1000) / 1000, parts };
}
