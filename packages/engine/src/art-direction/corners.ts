/**
 * Where a brand's marks go: a rectangle of a given size in a corner (or along an edge) of the safe area,
 * the first in order of preference that is clear of the product and of the text; when none is, the one
 * that covers the least of them. Pure geometry.
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
 * The first spot whose rectangle, with `gap` px around it, touches none of `obstacles`; else the one
 * that overlaps them least (the earlier on a tie). `clear` says which it was.
 */
export function freeSpot(
  spots: readonly Spot[],
  size: { width: number; height: number },
  safe: SafeArea,
  obstacles: readonly Box[],
  gap: number,
): { spot: Spot; box: Box; clear: boolean } {
  let best: { spot: Spot; box: Box; clear: boolean } | null = null;
  let least = Infinity;
  for (const spot of spots) {
    const box = boxAt(spot, size, safe);
    const around = grown(box, gap);
    const covered = obstacles.reduce((sum, obstacle) => sum + overlapArea(around, obstacle), 0);
    if (covered === 0) return { spot, box, clear: true };
    if (covered < least) {
      least = covered;
      best = { spot, box, clear: false };
    }
  }
  return best!;
}
