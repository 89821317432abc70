/**
 * The user's corrections to a product cut-out, as they draw them, with no React: a list of actions
 * (a box, keep and remove strokes) with undo, and the request the server takes. Coordinates are
 * fractions of the photo (0 to 1, EXIF orientation applied), so any display size works.
 */
import {
  CUTOUT_LIMITS,
  type CutoutBox,
  type CutoutCorrections,
  type CutoutStroke,
} from '@vitrine/shared/api/cutout';

export type Point = readonly [number, number];
export type Tool = 'box' | 'keep' | 'remove';
export type Correction = { kind: 'box'; box: CutoutBox } | CutoutStroke;

/** Where the photo is drawn on screen (e.g. an element's bounding rectangle). */
export type Frame = { left: number; top: number; width: number; height: number };

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * A pointer position as a fraction of the photo: held inside it for a box (dragged past the edge, it
 * stops at the edge), as it is for a stroke (what is painted outside the photo is cut off, see
 * `insideRuns`).
 */
export function toFraction(clientX: number, clientY: number, frame: Frame, hold = true): Point {
  if (frame.width <= 0 || frame.height <= 0) return [0, 0];
  const x = (clientX - frame.left) / frame.width;
  const y = (clientY - frame.top) / frame.height;
  return hold ? [clamp01(x), clamp01(y)] : [x, y];
}

/** The part of the segment a-b inside the photo (Liang-Barsky clipping), or null when none is. */
function clipSegment(a: Point, b: Point): [Point, Point] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, a[0]],
    [dx, 1 - a[0]],
    [-dy, a[1]],
    [dy, 1 - a[1]],
  ] as const) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  const at = (t: number): Point => [clamp01(a[0] + t * dx), clamp01(a[1] + t * dy)];
  return [at(t0), at(t1)];
}

/**
 * A stroke's path cut to the photo: each stretch inside it becomes a run of points, ending (or
 * starting) exactly where the path crosses the edge. Painting past the edge and coming back in makes
 * two runs, not a line along the edge.
 */
export function insideRuns(points: readonly Point[]): Point[][] {
  const inside = (p: Point) => p[0] >= 0 && p[0] <= 1 && p[1] >= 0 && p[1] <= 1;
  if (points.length === 1) return inside(points[0]!) ? [[points[0]!]] : [];
  const runs: Point[][] = [];
  let run: Point[] | null = null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const clipped = clipSegment(a, b);
    if (!clipped) {
      run = null;
      continue;
    }
    const [from, to] = clipped;
    if (!run || !inside(a)) {
      run = [from];
      runs.push(run);
    }
    run.push(to);
    if (!inside(b)) run = null;
  }
  return runs;
}

/** The box between two corners dragged in any direction; null when it is too small to mean anything. */
export function boxBetween(a: Point, b: Point): CutoutBox | null {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  const width = Math.abs(a[0] - b[0]);
  const height = Math.abs(a[1] - b[1]);
  if (width < CUTOUT_LIMITS.minBoxSide || height < CUTOUT_LIMITS.minBoxSide) return null;
  return { x, y, width: Math.min(width, 1 - x), height: Math.min(height, 1 - y) };
}

/** Points of a stroke closer than this (fraction of the photo) add nothing. */
export const STROKE_SPACING = 0.004;

/**
 * A stroke's points thinned so that consecutive points are at least `spacing` apart (a fraction of
 * the photo): a long stroke stays far under the server's limits, and the path keeps its shape (the
 * server paints a disc around every segment). The last point is always kept.
 */
export function thin(points: readonly Point[], spacing: number): Point[] {
  if (points.length <= 2) return [...points];
  const out: Point[] = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const last = out[out.length - 1]!;
    const p = points[i]!;
    if (Math.hypot(p[0] - last[0], p[1] - last[1]) >= spacing) out.push(p);
  }
  out.push(points[points.length - 1]!);
  return out.slice(0, CUTOUT_LIMITS.pointsPerStroke);
}

/** Where a box drawn with the keyboard starts when none is drawn yet: the middle of the photo. */
export const KEYBOARD_BOX: CutoutBox = { x: 0.2, y: 0.2, width: 0.6, height: 0.6 };
/** How far an arrow key moves or resizes a box drawn with the keyboard (fraction of the photo). */
export const KEYBOARD_STEP = 0.02;

/**
 * A box moved by an arrow key, or resized with Shift (right and down make it larger, left and up
 * smaller), kept inside the photo and no smaller than the server takes. Null for any other key.
 */
export function nudgeBox(box: CutoutBox, key: string, resize: boolean): CutoutBox | null {
  const step = KEYBOARD_STEP;
  const d: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const delta = d[key];
  if (!delta) return null;
  const [dx, dy] = delta;
  if (resize) {
    // Only the side the key points at changes; a box grown against the photo's edge grows the other way.
    const least = CUTOUT_LIMITS.minBoxSide;
    const width = dx ? Math.min(1, Math.max(least, box.width + dx)) : box.width;
    const height = dy ? Math.min(1, Math.max(least, box.height + dy)) : box.height;
    return { x: Math.min(box.x, 1 - width), y: Math.min(box.y, 1 - height), width, height };
  }
  const x = Math.max(0, Math.min(1 - box.width, box.x + dx));
  const y = Math.max(0, Math.min(1 - box.height, box.y + dy));
  return { ...box, x, y };
}

/** The box that counts (the last drawn), if any. */
export function lastBox(state: Corrections): CutoutBox | null {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const item = state.items[i]!;
    if (item.kind === 'box') return item.box;
  }
  return null;
}

/** Brush radius (fraction of the photo's longest side) from the size control, within the server's range. */
export function brushRadius(size: number): number {
  return Math.min(CUTOUT_LIMITS.maxRadius, Math.max(CUTOUT_LIMITS.minRadius, size));
}

export type Corrections = { readonly items: readonly Correction[] };
export const NO_CORRECTIONS: Corrections = { items: [] };

/** Adds a correction. Of several boxes, the last drawn is the one that counts (undo brings back the one before). */
export function add(state: Corrections, correction: Correction): Corrections {
  return { items: [...state.items, correction] };
}

/** Takes back the last correction. */
export function undo(state: Corrections): Corrections {
  return { items: state.items.slice(0, -1) };
}

export function canUndo(state: Corrections): boolean {
  return state.items.length > 0;
}

/** The corrections as the server takes them: the last box drawn, and every stroke in order. */
export function toRequest(state: Corrections): CutoutCorrections {
  const box = lastBox(state);
  const strokes = strokesOf(state);
  return box ? { box, strokes } : { strokes };
}

/** The corrections the server sent back (after a reload), as a list to continue from. */
export function fromSaved(saved: CutoutCorrections | null | undefined): Corrections {
  if (!saved) return NO_CORRECTIONS;
  const items: Correction[] = [];
  if (saved.box) items.push({ kind: 'box', box: saved.box });
  items.push(...saved.strokes);
  return { items };
}

/** Whether more points could be sent: the server takes this many at most over all strokes. */
export function pointCount(state: Corrections): number {
  return state.items.reduce((sum, item) => sum + (item.kind === 'box' ? 0 : item.points.length), 0);
}

export function withinLimits(state: Corrections): boolean {
  const strokes = state.items.filter((item) => item.kind !== 'box').length;
  return strokes <= CUTOUT_LIMITS.strokes && pointCount(state) <= CUTOUT_LIMITS.points;
}

/** The strokes of the corrections, in the order they were drawn. */
export function strokesOf(state: Corrections): CutoutStroke[] {
  return state.items.filter((item): item is CutoutStroke => item.kind !== 'box');
}
