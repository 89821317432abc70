/**
 * GrabCut's starting labels, from the prior (saliency or a model's map) and the user's corrections:
 * a box says nothing outside it is the product; "keep" and "remove" strokes are certain.
 */
import type { CutoutCorrections } from '@vitrine/shared/api/cutout';

/** OpenCV's GrabCut labels. */
export const GC = { BGD: 0, FGD: 1, PR_BGD: 2, PR_FGD: 3 } as const;

/** Marks every pixel within `radius` of the polyline (a capsule per segment). */
export function paintStroke(
  target: Uint8Array,
  width: number,
  height: number,
  points: readonly (readonly [number, number])[],
  radius: number,
  value: number,
): void {
  const r = Math.max(0.75, radius);
  const segments =
    points.length === 1 ? [[points[0]!, points[0]!]] : points.slice(1).map((p, i) => [points[i]!, p]);
  for (const [a, b] of segments) {
    const [ax, ay] = a!;
    const [bx, by] = b!;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + r));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r));
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const t = length2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
        const ex = x - (ax + t * dx);
        const ey = y - (ay + t * dy);
        if (ex * ex + ey * ey <= r * r) target[y * width + x] = value;
      }
    }
  }
}

/** Within a box, a prior below this marks probable background. */
const BOX_BACKGROUND = 0.15;

/** A box in pixels of the analysis copy, bounds included. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

export type Seeds = {
  labels: Uint8Array;
  /** 1 where a stroke said "keep", 2 where it said "remove". */
  strokes: Uint8Array;
  /** The box in pixels, when one was drawn. */
  box: Box | null;
};

/** Pixels of a corrections box on a `width` x `height` image. */
export function boxInPixels(box: NonNullable<CutoutCorrections['box']>, width: number, height: number): Box {
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
  corrections: CutoutCorrections | null,
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
  const strokes = new Uint8Array(count);
  let box: Seeds['box'] = null;
  if (corrections?.box) {
    // Outside a box nothing is the product. Inside, a saliency prior (worked out within the box) is
    // only a hint, so everything probably is product except what it firmly calls background; a model's
    // segmentation is kept as it is.
    box = boxInPixels(corrections.box, width, height);
    const under = options.segmentation ? 0.5 : BOX_BACKGROUND;
    for (let y = 0, p = 0; y < height; y++)
      for (let x = 0; x < width; x++, p++) {
        const within = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
        labels[p] = !within ? GC.BGD : prior[p]! < under ? GC.PR_BGD : GC.PR_FGD;
      }
  }
  const longest = Math.max(width, height);
  for (const stroke of corrections?.strokes ?? []) {
    const points = stroke.points.map(([x, y]) => [x * width - 0.5, y * height - 0.5] as const);
    paintStroke(strokes, width, height, points, stroke.radius * longest, stroke.kind === 'keep' ? 1 : 2);
  }
  for (let p = 0; p < count; p++) {
    if (strokes[p] === 1) labels[p] = GC.FGD;
    else if (strokes[p] === 2) labels[p] = GC.BGD;
  }
  return { labels, strokes, box };
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
