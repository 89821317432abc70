/**
 * GrabCut's starting labels, from the prior (saliency or a model's map) and the user's box: nothing
 * outside it is the product. (Keep and remove strokes are painted on the mask afterwards, near where
 * they are drawn: @vitrine/shared/cutout/brush.)
 */
import type { CutoutBox } from '@vitrine/shared/api/cutout';

/** OpenCV's GrabCut labels. */
export const GC = { BGD: 0, FGD: 1, PR_BGD: 2, PR_FGD: 3 } as const;

/** Within a box, a prior below this marks probable background. */
const BOX_BACKGROUND = 0.15;

/** A box in pixels of the analysis copy, bounds included. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

export type Seeds = {
  labels: Uint8Array;
  /** The box in pixels, when one was drawn. */
  box: Box | null;
};

/** Pixels of a corrections box on a `width` x `height` image. */
export function boxInPixels(box: CutoutBox, width: number, height: number): Box {
  const x0 = Math.max(0, Math.floor(box.x * width));
  const y0 = Math.max(0, Math.floor(box.y * height));
  const x1 = Math.min(width - 1, Math.max(x0, Math.ceil((box.x + box.width) * width) - 1));
  const y1 = Math.min(height - 1, Math.max(y0, Math.ceil((box.y + box.height) * height) - 1));
  return { x0, y0, x1, y1 };
}

export function seedsFrom(
  prior: Float32Array,
  width: number,
  height: number,
  userBox: CutoutBox | null,
  options: { segmentation?: boolean } = {},
): Seeds {
  const count = width * height;
  const labels = new Uint8Array(count);
  const band = Math.max(2, Math.round(0.015 * Math.min(width, height)));
  for (let y = 0, p = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++, p++) {
      const v = prior[p]!;
      const edge = edgeRow || x < band || x >= width - band;
      labels[p] = v >= 0.5 ? GC.PR_FGD : edge && v < 0.3 ? GC.BGD : GC.PR_BGD;
    }
  }
  openBands(labels, prior, width, height, band);
  let box: Seeds['box'] = null;
  if (userBox) {
    // Outside a box nothing is the product. Inside, a saliency prior (worked out within the box) is
    // only a hint, so everything probably is product except what it firmly calls background; a model's
    // segmentation is kept as it is.
    box = boxInPixels(userBox, width, height);
    const under = options.segmentation ? 0.5 : BOX_BACKGROUND;
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        const within = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
        labels[p] = !within ? GC.BGD : prior[p]! < under ? GC.PR_BGD : GC.PR_FGD;
      }
  }
  return { labels, box };
}

/**
 * A likely region that reaches two opposite sides of the photo is a band of scenery (a horizon, a
 * strip of sea, a hedge), not a product: where it meets the border it becomes certain background, so
 * GrabCut learns its colours as background.
 */
function openBands(
  labels: Uint8Array,
  prior: Float32Array,
  width: number,
  height: number,
  band: number,
): void {
  const count = width * height;
  const seen = new Int32Array(count);
  const stack = new Int32Array(count);
  let label = 0;
  for (let start = 0; start < count; start++) {
    if (prior[start]! < 0.5 || seen[start]) continue;
    label++;
    let top = 0;
    stack[top++] = start;
    seen[start] = label;
    let sides = 0;
    const members: number[] = [];
    while (top) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      if (x < band) sides |= 1;
      if (x >= width - band) sides |= 2;
      if (y < band) sides |= 4;
      if (y >= height - band) sides |= 8;
      if (x < band || x >= width - band || y < band || y >= height - band) members.push(p);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < count && !seen[q] && prior[q]! >= 0.5) {
          seen[q] = label;
          stack[top++] = q;
        }
      }
    }
    const across = (sides & 3) === 3 || (sides & 12) === 12;
    if (across) for (const p of members) labels[p] = GC.BGD;
  }
}
