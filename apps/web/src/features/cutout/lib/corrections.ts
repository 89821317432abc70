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

/** A pointer position as a fraction of the photo, held inside it (a stroke may start at the edge). */
export function toFraction(clientX: number, clientY: number, frame: Frame): Point {
  if (frame.width <= 0 || frame.height <= 0) return [0, 0];
  return [clamp01((clientX - frame.left) / frame.width), clamp01((clientY - frame.top) / frame.height)];
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
  let box: CutoutBox | undefined;
  const strokes: CutoutStroke[] = [];
  for (const item of state.items) {
    if (item.kind === 'box') box = item.box;
    else strokes.push(item);
  }
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
