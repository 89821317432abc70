/**
 * Where a brand's marks go (decision 063): a corner of the safe area clear of the product and the text,
 * in order of preference; when every corner is taken, a free place along the safe area's edges; none
 * when there is no room at all.
 */
import { describe, expect, it } from 'vitest';
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import { boxAt, freePlace, grown, leastCovering, LOGO_SPOTS, overlapArea } from './corners';
import type { Box } from './types';

const canvas = { width: 1080, height: 1920 };
const safe = safeAreaOf(canvas);
const size = { width: 160, height: 160 };
const GAP = 20;
const clearOf = (box: Box, obstacles: Box[]) => obstacles.every((o) => overlapArea(grown(box, GAP), o) === 0);

describe('a free place for a brand mark', () => {
  it('takes the first corner, in order of preference, that is clear of every obstacle', () => {
    expect(freePlace(LOGO_SPOTS, size, safe, [], GAP)).toEqual(boxAt('top-left', size, safe));
    // A slogan across the top: the logo goes to the bottom left, clear of it.
    const slogan = { x: 100, y: safe.y + 10, width: 880, height: 200 };
    const place = freePlace(LOGO_SPOTS, size, safe, [slogan], GAP)!;
    expect(place).toEqual(boxAt('bottom-left', size, safe));
    expect(clearOf(place, [slogan])).toBe(true);
  });

  it('finds a place along an edge when every corner is taken, inside the safe area and clear', () => {
    const slogan = { x: 60, y: safe.y + 10, width: 960, height: 200 };
    const product = { x: 60, y: 900, width: 960, height: 700 };
    const obstacles = [slogan, product];
    for (const spot of LOGO_SPOTS) expect(clearOf(boxAt(spot, size, safe), obstacles)).toBe(false);
    const place = freePlace(LOGO_SPOTS, size, safe, obstacles, GAP)!;
    expect(place).not.toBeNull();
    expect(clearOf(place, obstacles)).toBe(true);
    expect(place.x).toBeGreaterThanOrEqual(safe.x);
    expect(place.x + place.width).toBeLessThanOrEqual(safe.x + safe.width);
    expect(place.y).toBeGreaterThanOrEqual(safe.y);
    expect(place.y + place.height).toBeLessThanOrEqual(safe.y + safe.height);
  });

  it('finds none when nothing is free, and then the corner covering least is the fallback', () => {
    const everything = { x: 0, y: 0, width: canvas.width, height: canvas.height - 300 };
    expect(freePlace(LOGO_SPOTS, size, safe, [everything], GAP)).toBeNull();
    const corners = LOGO_SPOTS.map((spot) => boxAt(spot, size, safe));
    const fallback = leastCovering(corners, [everything], GAP);
    const covered = (box: Box) => overlapArea(grown(box, GAP), everything);
    expect(corners.every((box) => covered(fallback) <= covered(box))).toBe(true);
  });
});
