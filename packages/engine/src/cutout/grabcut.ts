/**
 * The segmentation itself: OpenCV's GrabCut (Rother, Kolmogorov and Blake, SIGGRAPH 2004), started
 * from the seeds, on the small analysis copy. Colour models of product and background are learnt
 * from the seeds and a graph cut finds the boundary that best separates them along the photo's edges.
 *
 * GrabCut's cost grows with its pixels, so it runs on the part of the copy where the product may be
 * (every pixel not certainly background) and a margin of background around it, from which it learns
 * what surrounds the product; outside that window everything is background.
 */
import { openCv, withMats } from './opencv';
import { GC } from './seeds';

/**
 * Passes of GrabCut (each re-learns the colour models and re-cuts): one for the automatic cut-out,
 * whose seeds already come from the prior (a second pass changes little and costs a tenth of a
 * second); two when the user's corrections set the seeds.
 */
export const GRABCUT_ITERATIONS = { automatic: 1, corrected: 2 } as const;
const RANDOM_SEED = 0x5eed;
/** The background margin kept around the possible product, as a share of the copy's sides. */
const MARGIN = 0.1;

/** The window GrabCut works in: every pixel that may be product, and a margin around them. */
function window(labels: Uint8Array, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++) {
      if (labels[p] !== GC.FGD && labels[p] !== GC.PR_FGD) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  const mx = Math.round(MARGIN * width) + 2;
  const my = Math.round(MARGIN * height) + 2;
  return {
    x0: Math.max(0, x0 - mx),
    y0: Math.max(0, y0 - my),
    x1: Math.min(width - 1, x1 + mx),
    y1: Math.min(height - 1, y1 + my),
  };
}

/** 1 where GrabCut says product, 0 elsewhere. `rgb`: 3 channels, `width` x `height`. */
export async function grabCut(
  rgb: Uint8Array,
  width: number,
  height: number,
  labels: Uint8Array,
  iterations: number,
  options: { whole?: boolean } = {},
): Promise<Uint8Array> {
  const { cv } = await openCv();
  const isFore = (l: number) => l === GC.FGD || l === GC.PR_FGD;
  const out = new Uint8Array(width * height);
  let fore = 0;
  for (const label of labels) if (isFore(label)) fore++;
  if (fore === 0) return out;
  const { x0, y0, x1, y1 } = options.whole
    ? { x0: 0, y0: 0, x1: width - 1, y1: height - 1 }
    : window(labels, width, height);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const seeds = new Uint8Array(w * h);
  const pixels = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const from = (y0 + y) * width + x0;
    seeds.set(labels.subarray(from, from + w), y * w);
    pixels.set(rgb.subarray(from * 3, (from + w) * 3), y * w * 3);
  }
  let back = 0;
  for (const label of seeds) if (!isFore(label)) back++;
  // GrabCut needs samples of both: without them there is nothing to separate.
  if (fore < 16 || back < 16) {
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) out[(y0 + y) * width + x0 + x] = isFore(seeds[y * w + x]!) ? 1 : 0;
    return out;
  }
  return withMats((keep) => {
    const image = keep(new cv.Mat(h, w, cv.CV_8UC3));
    image.data.set(pixels);
    const mask = keep(new cv.Mat(h, w, cv.CV_8UC1));
    mask.data.set(seeds);
    const background = keep(new cv.Mat());
    const foreground = keep(new cv.Mat());
    // GrabCut seeds its colour models with k-means from OpenCV's random generator, whose state carries
    // over between calls: the same seed each time makes the same photo give the same cut-out.
    cv.setRNGSeed(RANDOM_SEED);
    cv.grabCut(
      image,
      mask,
      new cv.Rect(0, 0, w, h),
      background,
      foreground,
      iterations,
      cv.GC_INIT_WITH_MASK,
    );
    const result = mask.data;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) out[(y0 + y) * width + x0 + x] = isFore(result[y * w + x]!) ? 1 : 0;
    return out;
  });
}
