/**
 * Where a brand's marks go: a rectangle of a given size in a corner of the safe area, the first in order
 * of preference that is clear of the product and of the text; when no corner is, the first place along
 * the safe area's edges that is; when none is, the corner that covers the least of them. Pure geometry.
 */
import type { SafeArea } from '@vitrine/shared/api/safe-area';
import type { Box } from './types';

export type Spot = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'bottom' | 'top';

/** The logo's corners, in order of preference: the top left is where a logo is looked for first. */
export const LOGO_SPOTS: readonly Spot[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
/** The signature's: along the bottom first, where a website or a handle is usually read. */
export const SIGNATURE_SPOTS: readonly Spot[] = [
  'bottom-right',
  'bottom-left',
  'bottom',
  'top-right',
  'top-left',
  'top',
];

/** The rectangle of `size` at `spot` inside the safe area. */
export function boxAt(spot: Spot, size: { width: number; height: number }, safe: SafeArea): Box {
  const { width, height } = size;
  const left = safe.x;
  const right = safe.x + safe.width - width;
  const centre = Math.round(safe.x + (safe.width - width) / 2);
  const top = safe.y;
  const bottom = safe.y + safe.height - height;
  const x = spot.endsWith('left') ? left : spot.endsWith('right') ? right : centre;
  const y = spot.startsWith('top') ? top : bottom;
  return { x, y, width, height };
}

/** The area two rectangles share. */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A rectangle grown by `by` px on every side. */
export const grown = (box: Box, by: number): Box => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});

/**
 * Rectangles of `size` along the safe area's edges, every `step` px: down its left and right sides,
 * then across its bottom and top.
 */
export function alongEdges(size: { width: number; height: number }, safe: SafeArea, step: number): Box[] {
  const { width, height } = size;
  const places: Box[] = [];
  const right = safe.x + safe.width - width;
  const bottom = safe.y + safe.height - height;
  for (let y = safe.y; y <= bottom; y += step) {
    places.push({ x: safe.x, y, width, height }, { x: right, y, width, height });
  }
  for (let x = safe.x; x <= right; x += step) {
    places.push({ x, y: bottom, width, height }, { x, y: safe.y, width, height });
  }
  return places;
}

/** How much of `obstacles` a rectangle, with `gap` px around it, covers. */
const covered = (box: Box, obstacles: readonly Box[], gap: number) =>
  obstacles.reduce((sum, obstacle) => sum + overlapArea(grown(box, gap), obstacle), 0);

/** The first of `places` that, with `gap` px around it, touches none of `obstacles`; null if none. */
export function firstClear(places: readonly Box[], obstacles: readonly Box[], gap: number): Box | null {
  return places.find((box) => covered(box, obstacles, gap) === 0) ?? null;
}

/** The one of `places` that covers the least of `obstacles` (the earlier on a tie). */
export function leastCovering(places: readonly Box[], obstacles: readonly Box[], gap: number): Box {
  let best = places[0]!;
  let least = Infinity;
  for (const box of places) {
    const area = covered(box, obstacles, gap);
    if (area < least) [best, least] = [box, area];
  }
  return best;
}

/**
 * A free place for a mark of `size`: the first of `spots` clear of `obstacles`, else the first place
 * along the edges that is (every `gap` px); null when none is.
 */
export function freePlace(
  spots: readonly Spot[],
  size: { width: number; height: number },
  safe: SafeArea,
  obstacles: readonly Box[],
  gap: number,
): Box | null {
  const corners = spots.map((spot) => boxAt(spot, size, safe));
  return (
    firstClear(corners, obstacles, gap) ??
    firstClear(alongEdges(size, safe, Math.max(1, gap)), obstacles, gap)
  );
}
