/**
 * The main subject of a photo on the small analysis copy: a prior (where something stands out, from
 * saliency or a model), GrabCut seeded by it and by the user's box, a tidy-up, and a confidence
 * score.
 */
import type { CutoutBox } from '@vitrine/shared/api/cutout';
import { backgroundDetection } from './background-detection';
import { cleanMask } from './clean';
import { confidenceOf, type ConfidenceParts } from './confidence';
import { grabCut, GRABCUT_ITERATIONS } from './grabcut';
import { boxInPixels, GC, seedsFrom, type Box } from './seeds';
import { stopwatch } from './stopwatch';
import { slic } from './superpixels';
import { saliencyMap } from './saliency';

/** Superpixels wanted on the analysis copy. */
const REGIONS = 300;

/**
 * Where the subject probably is, 0 to 1 per pixel, from the photo alone. Two saliency measures fail in
 * different photos (boundary connectivity on superpixels misses scenery bands that cross the frame;
 * barrier distance misses subjects that touch the border), so both are made, with their mean, and the
 * one that makes the most convincing subject by the confidence measure is kept.
 */
export function saliencyPrior(lab: Float32Array, width: number, height: number): Float32Array {
  const regions = slic(lab, width, height, REGIONS);
  const { saliency } = backgroundDetection(regions);
  const count = width * height;
  const connectivity = new Float32Array(count);
  for (let p = 0; p < count; p++) connectivity[p] = saliency[regions.labels[p]!]!;
  const barrier = saliencyMap(lab, width, height);
  const mean = new Float32Array(count);
  for (let p = 0; p < count; p++) mean[p] = (connectivity[p]! + barrier[p]!) / 2;
  let best: Float32Array = connectivity;
  let bestScore = -1;
  for (const candidate of [connectivity, barrier, mean]) {
    const mask = cleanMask(threshold(candidate), width, height);
    const { score } = confidenceOf(mask, candidate, lab, width, height);
    if (score > bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}

export type Subject = {
  /** 1 = subject, on the analysis copy. */
  mask: Uint8Array;
  prior: Float32Array;
  confidence: number;
  parts: ConfidenceParts;
};

export async function segmentSubject(
  rgb: Uint8Array,
  lab: Float32Array,
  width: number,
  height: number,
  options: {
    prior?: Float32Array | null;
    /** The box the user drew: nothing outside it is the product. */
    box?: CutoutBox | null;
    grabCut?: boolean;
    /** Milliseconds per step are added here. */
    timings?: Record<string, number>;
  } = {},
): Promise<Subject> {
  const { lap } = stopwatch(options.timings);
  const userBox = options.box ?? null;
  const prior =
    options.prior ??
    (userBox
      ? priorInBox(lab, width, height, boxInPixels(userBox, width, height))
      : saliencyPrior(lab, width, height));
  lap('prior');
  // A model's map is a segmentation already; a saliency prior is a hint.
  const seeds = seedsFrom(prior, width, height, userBox, { segmentation: Boolean(options.prior) });
  const iterations = userBox ? GRABCUT_ITERATIONS.corrected : GRABCUT_ITERATIONS.automatic;
  let raw =
    options.grabCut === false
      ? foreground(seeds.labels)
      : // With a box, the colours of the whole photo outside it teach GrabCut the background.
        await grabCut(rgb, width, height, seeds.labels, iterations, { whole: Boolean(seeds.box) });
  if (seeds.box && options.grabCut !== false && emptied(raw, width, seeds.box)) {
    // GrabCut emptied the box: the product's colours are common elsewhere in the photo (a grey carton
    // on a grey floor), so the background explained them all. The colours just around the box are
    // asked instead (the larger answer is kept); failing that, the box itself is the product, since
    // the user said it holds it.
    const local = await grabCut(rgb, width, height, seeds.labels, iterations, { whole: false });
    if (inBox(local, width, seeds.box) > inBox(raw, width, seeds.box)) raw = local;
    if (emptied(raw, width, seeds.box)) raw = wholeBox(seeds.labels, width, seeds.box);
  }
  lap('grabCut');
  const mask = cleanMask(raw, width, height);
  const { score, parts } = confidenceOf(mask, prior, lab, width, height, { learned: Boolean(options.prior) });
  lap('clean');
  return { mask, prior, confidence: score, parts };
}

/**
 * The prior within a box the user drew: the box's edges play the part of the photo's borders (what
 * reaches them is background), computed on the box and a small margin around it; zero outside.
 */
function priorInBox(
  lab: Float32Array,
  width: number,
  height: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): Float32Array {
  const margin = Math.round(0.04 * Math.max(box.x1 - box.x0, box.y1 - box.y0)) + 2;
  const x0 = Math.max(0, box.x0 - margin);
  const y0 = Math.max(0, box.y0 - margin);
  const x1 = Math.min(width - 1, box.x1 + margin);
  const y1 = Math.min(height - 1, box.y1 + margin);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = new Float32Array(width * height);
  if (w < 8 || h < 8) return out;
  const crop = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    crop.set(lab.subarray(((y0 + y) * width + x0) * 3, ((y0 + y) * width + x1 + 1) * 3), y * w * 3);
  const inner = saliencyPrior(crop, w, h);
  for (let y = 0; y < h; y++) out.set(inner.subarray(y * w, (y + 1) * w), (y0 + y) * width + x0);
  return out;
}

function threshold(map: Float32Array): Uint8Array {
  const out = new Uint8Array(map.length);
  for (let p = 0; p < map.length; p++) out[p] = map[p]! >= 0.5 ? 1 : 0;
  return out;
}

/** 1 where GrabCut's labels say product, certain or probable. */
function foreground(labels: Uint8Array): Uint8Array {
  const out = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) out[p] = labels[p] === GC.FGD || labels[p] === GC.PR_FGD ? 1 : 0;
  return out;
}

/** Pixels of the mask inside the box. */
function inBox(mask: Uint8Array, width: number, box: Box): number {
  let count = 0;
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0, p = y * width + x; x <= box.x1; x++, p++) count += mask[p]!;
  return count;
}

/**
 * Nothing, or next to nothing, of a box is product: under a thousandth of it (a pen lying across a
 * generous box is still a hundredth).
 */
function emptied(mask: Uint8Array, width: number, box: Box): boolean {
  const area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
  return inBox(mask, width, box) < Math.max(1, area / 1000);
}

/** 1 inside the box wherever no "remove" stroke says otherwise. */
function wholeBox(labels: Uint8Array, width: number, box: Box): Uint8Array {
  const out = new Uint8Array(labels.length);
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0, p = y * width + x; x <= box.x1; x++, p++) out[p] = labels[p] === GC.BGD ? 0 : 1;
  return out;
}
