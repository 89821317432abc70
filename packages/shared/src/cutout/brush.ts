/**
 * Keep and remove strokes applied to a cut-out's mask, the same way in the browser (shown while the
 * user paints) and on the server (the mask that is stored). A stroke sets the pixels under the brush,
 * and, in a margin around it, the pixels that look like what the brush changed and are reached from
 * it without crossing an edge of the photo: a rough stroke along a handle takes the handle, not the
 * wall behind it. Nothing farther than the brush's radius plus the margin from the stroke's path
 * ever changes (`strokeReach`), and the work is bounded by the area the stroke covers.
 */
import { paintPath } from './capsule';

/** The photo the mask belongs to: interleaved 8-bit channels (RGB or RGBA), the mask's size. */
export type BrushPhoto = {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: number;
};

/** A keep or remove stroke: points as fractions of the photo, radius as a fraction of its longest side. */
export type BrushStroke = {
  kind: 'keep' | 'remove';
  radius: number;
  points: readonly (readonly [number, number])[];
};

/** The margin that follows the photo's edges, as a share of the brush's radius. */
export const BRUSH_MARGIN = 0.5;
/** The margin is never thinner than this many pixels. */
const MIN_MARGIN = 2;
/** Neighbours further apart than this (RGB distance) are across an edge: the margin does not spread over it. */
const EDGE_STEP = 28;
/** How far from the changed pixels' mean colour the margin still takes a pixel: at least this (RGB)… */
const MIN_LIKENESS = 18;
/** …or this many standard deviations of the changed pixels' colours. */
const LIKENESS_SPREAD = 2.5;
/** Fewer changed pixels than this say too little about a colour: the margin is left alone. */
const MIN_CHANGED = 6;

/** The brush's radius and its reach (radius and margin), in pixels of a `width` x `height` mask. */
export function strokeReach(radius: number, width: number, height: number): { core: number; reach: number } {
  const core = Math.max(0.5, radius * Math.max(width, height));
  return { core, reach: core + Math.max(MIN_MARGIN, core * BRUSH_MARGIN) };
}

/**
 * How far a pixel's centre is from a stroke's path as drawn, in pixels of a `width` x `height` mask:
 * what `strokeReach` bounds (the tests and the benchmark check it with this).
 */
export function distanceToStroke(x: number, y: number, stroke: BrushStroke, width: number, height: number) {
  const cx = x + 0.5;
  const cy = y + 0.5;
  let best = Infinity;
  const { points } = stroke;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = [points[i]![0] * width, points[i]![1] * height];
    const next = points[Math.min(i + 1, points.length - 1)]!;
    const dx = next[0] * width - ax;
    const dy = next[1] * height - ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((cx - ax) * dx + (cy - ay) * dy) / l2)) : 0;
    best = Math.min(best, Math.hypot(cx - ax - t * dx, cy - ay - t * dy));
  }
  return best;
}

/**
 * The stroke's path in pixels, with points closer than `step` to the last one kept left out: the
 * simplified path stays within `step` of the drawn one, so painting it `step` thinner never reaches
 * past the drawn path's capsule.
 */
function pathOf(stroke: BrushStroke, width: number, height: number, step: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [fx, fy] of stroke.points) {
    const p: [number, number] = [fx * width, fy * height];
    const last = out[out.length - 1];
    if (last && Math.hypot(p[0] - last[0], p[1] - last[1]) < step) continue;
    out.push(p);
  }
  const [lx, ly] = stroke.points[stroke.points.length - 1]!;
  const end: [number, number] = [lx * width, ly * height];
  const last = out[out.length - 1]!;
  if (last[0] !== end[0] || last[1] !== end[1]) out.push(end);
  return out;
}

const RING = 1;
const CORE = 2;

/** One queue for every stroke, grown as needed: strokes are painted one at a time. */
let queueBuffer = new Int32Array(0);
function scratch(length: number): Int32Array {
  if (queueBuffer.length < length) queueBuffer = new Int32Array(length);
  return queueBuffer;
}

/**
 * Applies one stroke to `alpha` (one byte per pixel, 255 = product, the photo's size), in place.
 */
export function applyStroke(
  alpha: Uint8Array | Uint8ClampedArray,
  photo: BrushPhoto,
  stroke: BrushStroke,
): void {
  const { width, height, channels, data } = photo;
  if (alpha.length !== width * height) throw new Error('the mask and the photo differ in size');
  if (!stroke.points.length) return;
  const { core, reach } = strokeReach(stroke.radius, width, height);
  const step = Math.max(0.5, core / 16);
  const path = pathOf(stroke, width, height, step);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of path) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const x0 = Math.max(0, Math.floor(minX - reach));
  const y0 = Math.max(0, Math.floor(minY - reach));
  const x1 = Math.min(width - 1, Math.ceil(maxX + reach));
  const y1 = Math.min(height - 1, Math.ceil(maxY + reach));
  if (x0 > x1 || y0 > y1) return;
  const region = { x0, y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  const zone = new Uint8Array(region.width * region.height);
  paintPath(zone, region, path, Math.max(0.5, reach - step), RING);
  const coreRows = paintPath(zone, region, path, Math.max(0.5, core - step), CORE);

  const target = stroke.kind === 'keep' ? 255 : 0;
  // The brush itself: every pixel under it takes the stroke's value; those it turned over tell what
  // the stroke is about (their colour).
  let changed = 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let q0 = 0;
  let q1 = 0;
  let q2 = 0;
  const queue = scratch(zone.length);
  let tail = 0;
  for (let ry = 0; ry < region.height; ry++) {
    const runs = coreRows[ry]!;
    for (let i = 0; i < runs.length; i += 2) {
      for (let rx = runs[i]!; rx <= runs[i + 1]!; rx++) {
        const p = (y0 + ry) * width + x0 + rx;
        const was = alpha[p]!;
        if (was - target > 127 || target - was > 127) {
          changed++;
          const c = p * channels;
          const r = data[c]!;
          const g = data[c + 1]!;
          const b = data[c + 2]!;
          s0 += r;
          s1 += g;
          s2 += b;
          q0 += r * r;
          q1 += g * g;
          q2 += b * b;
        }
        alpha[p] = target;
        queue[tail++] = ry * region.width + rx;
      }
    }
  }
  if (changed < MIN_CHANGED) return;

  // The margin: spread from the brush over pixels like the ones it turned, never across an edge.
  const m0 = s0 / changed;
  const m1 = s1 / changed;
  const m2 = s2 / changed;
  const variance = q0 / changed - m0 * m0 + q1 / changed - m1 * m1 + q2 / changed - m2 * m2;
  const likeness = Math.max(MIN_LIKENESS, LIKENESS_SPREAD * Math.sqrt(Math.max(0, variance)));
  const like2 = likeness * likeness;
  const step2 = EDGE_STEP * EDGE_STEP;
  const rw = region.width;
  for (let head = 0; head < tail; head++) {
    const z = queue[head]!;
    const rx = z % rw;
    const ry = (z - rx) / rw;
    const from = ((y0 + ry) * width + x0 + rx) * channels;
    for (let k = 0; k < 4; k++) {
      let next: number;
      let at: number;
      if (k === 0) {
        if (rx === 0) continue;
        next = z - 1;
        at = from - channels;
      } else if (k === 1) {
        if (rx === rw - 1) continue;
        next = z + 1;
        at = from + channels;
      } else if (k === 2) {
        if (ry === 0) continue;
        next = z - rw;
        at = from - width * channels;
      } else {
        if (ry === region.height - 1) continue;
        next = z + rw;
        at = from + width * channels;
      }
      if (zone[next] !== RING) continue;
      const r = data[at]!;
      const g = data[at + 1]!;
      const b = data[at + 2]!;
      const d2 = (r - m0) * (r - m0) + (g - m1) * (g - m1) + (b - m2) * (b - m2);
      if (d2 > like2) continue;
      const e0 = r - data[from]!;
      const e1 = g - data[from + 1]!;
      const e2 = b - data[from + 2]!;
      if (e0 * e0 + e1 * e1 + e2 * e2 > step2) continue;
      zone[next] = CORE;
      alpha[at / channels] = target;
      queue[tail++] = next;
    }
  }
}

/** Applies strokes in order. */
export function applyStrokes(
  alpha: Uint8Array | Uint8ClampedArray,
  photo: BrushPhoto,
  strokes: readonly BrushStroke[],
): void {
  for (const stroke of strokes) applyStroke(alpha, photo, stroke);
}
