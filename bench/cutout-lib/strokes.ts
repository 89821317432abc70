/**
 * A user correcting a cut-out with keep and remove strokes, simulated against a reference mask: each
 * stroke goes on the largest wrong region left (background kept, or product left out), along its
 * length, with the widest brush that fits inside it, as a hand would paint it. Strokes are painted by
 * the code the server runs (@vitrine/shared/cutout/brush), on the automatic mask.
 */
import {
  applyStrokes,
  distanceToStroke,
  strokeReach,
  type BrushPhoto,
  type BrushStroke,
} from '@vitrine/shared/cutout/brush';
import { CUTOUT_LIMITS } from '@vitrine/shared/api/cutout';
import { iouOf } from './measures';

/** The 4-connected regions of one kind of error (1 background kept, 2 product left out): the largest one's pixels. */
function largestRegion(wrong: Uint8Array, width: number): number[] {
  const seen = new Uint8Array(wrong.length);
  let best: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < wrong.length; start++) {
    if (!wrong[start] || seen[start]) continue;
    const region: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      region.push(p);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width])
        if (q >= 0 && q < wrong.length && wrong[q] === wrong[start] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
    }
    if (region.length > best.length) best = region;
  }
  return best;
}

/** City-block distance of each region pixel to the nearest pixel outside the region (two passes). */
function inside(region: number[], width: number, height: number): Map<number, number> {
  const member = new Uint8Array(width * height);
  for (const p of region) member[p] = 1;
  const d = new Float32Array(width * height);
  for (let p = 0; p < d.length; p++) d[p] = member[p] ? 1e9 : 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!member[p]) continue;
      const up = y > 0 ? d[p - width]! : 0;
      const left = x > 0 ? d[p - 1]! : 0;
      d[p] = Math.min(d[p]!, up + 1, left + 1);
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      if (!member[p]) continue;
      const down = y < height - 1 ? d[p + width]! : 0;
      const right = x < width - 1 ? d[p + 1]! : 0;
      d[p] = Math.min(d[p]!, down + 1, right + 1);
    }
  return new Map(region.map((p) => [p, d[p]!]));
}

/**
 * The stroke a user would paint over a wrong region: a brush about as wide as the region is at its
 * widest (within the contract's radii), scribbled over it (one point per brush radius where the brush
 * fits inside the region, each on to the nearest left that a straight line inside the region reaches).
 */
function strokeOver(region: number[], kind: BrushStroke['kind'], width: number, height: number): BrushStroke {
  const depth = inside(region, width, height);
  const deepest = Math.max(...depth.values());
  const longest = Math.max(width, height);
  const radiusPx = Math.max(1, Math.min(CUTOUT_LIMITS.maxRadius * longest, deepest * 0.9));
  const radius = Math.min(CUTOUT_LIMITS.maxRadius, Math.max(CUTOUT_LIMITS.minRadius, radiusPx / longest));
  // Where the brush's centre may go: as deep in the region as most of the brush.
  const cell = Math.max(1, radiusPx);
  const cells = new Map<string, { x: number; y: number; n: number; row: number; col: number }>();
  for (const [p, d] of depth) {
    if (d < Math.min(deepest, radiusPx) * 0.8) continue;
    const x = p % width;
    const y = Math.floor(p / width);
    const row = Math.floor(y / cell);
    const col = Math.floor(x / cell);
    const key = `${row}:${col}`;
    const c = cells.get(key) ?? { x: 0, y: 0, n: 0, row, col };
    c.x += x;
    c.y += y;
    c.n++;
    cells.set(key, c);
  }
  const rows = new Map<number, { x: number; y: number; col: number }[]>();
  for (const c of cells.values()) {
    const list = rows.get(c.row) ?? [];
    list.push({ x: c.x / c.n, y: c.y / c.n, col: c.col });
    rows.set(c.row, list);
  }
  const ordered = [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([, list], i) => list.sort((a, b) => (i % 2 ? b.col - a.col : a.col - b.col)));
  const member = new Set(region);
  const within = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
    for (let k = 0; k <= steps; k++) {
      const t = steps ? k / steps : 0;
      const x = Math.round(a.x + (b.x - a.x) * t);
      const y = Math.round(a.y + (b.y - a.y) * t);
      if (!member.has(y * width + x)) return false;
    }
    return true;
  };
  // Painted in one go: from the first cell, on to the nearest one left that a straight line inside
  // the region reaches, until none is.
  const path = [ordered[0]!];
  const left = new Set(ordered.slice(1));
  while (left.size && path.length < CUTOUT_LIMITS.pointsPerStroke) {
    const from = path[path.length - 1]!;
    const next = [...left]
      .sort((a, b) => Math.hypot(a.x - from.x, a.y - from.y) - Math.hypot(b.x - from.x, b.y - from.y))
      .find((candidate) => within(from, candidate));
    if (!next) break;
    left.delete(next);
    path.push(next);
  }
  const points = path
    .slice(0, CUTOUT_LIMITS.pointsPerStroke)
    .map((q) => [(q.x + 0.5) / width, (q.y + 0.5) / height] as [number, number]);
  return { kind, radius, points };
}

/**
 * Up to `count` strokes on the largest errors left, one at a time: the IoU after each, and how many
 * pixels any stroke changed farther than its radius and margin (always 0 if strokes are local).
 */
export function simulateStrokes(
  photo: BrushPhoto,
  automatic: Uint8Array,
  reference: Uint8Array,
  count = 3,
): { iou: number[]; strokes: BrushStroke[]; changedBeyondReach: number } {
  const { width, height } = photo;
  const mask = Uint8Array.from(automatic);
  const iou = [iouOf(mask, reference)];
  const strokes: BrushStroke[] = [];
  let changedBeyondReach = 0;
  for (let i = 0; i < count; i++) {
    const wrong = new Uint8Array(mask.length);
    for (let p = 0; p < mask.length; p++) {
      const kept = mask[p]! >= 128;
      const product = reference[p]! >= 128;
      wrong[p] = kept === product ? 0 : kept ? 1 : 2;
    }
    const region = largestRegion(wrong, width);
    // Fewer wrong pixels than a fingertip covers: nothing left worth a stroke.
    if (region.length < 0.0005 * width * height) break;
    const kind = wrong[region[0]!] === 2 ? 'keep' : 'remove';
    const stroke = strokeOver(region, kind, width, height);
    const before = Uint8Array.from(mask);
    applyStrokes(mask, photo, [stroke]);
    const { reach } = strokeReach(stroke.radius, width, height);
    for (let p = 0; p < mask.length; p++)
      if (
        mask[p] !== before[p] &&
        distanceToStroke(p % width, Math.floor(p / width), stroke, width, height) > reach
      )
        changedBeyondReach++;
    strokes.push(stroke);
    iou.push(iouOf(mask, reference));
  }
  while (iou.length <= count) iou.push(iou[iou.length - 1]!);
  return { iou, strokes, changedBeyondReach };
}
