/**
 * The base a lawn hides: a jar photographed in clover shows its lower part only between the leaves
 * before it, so the mask's lower edge follows the leaves, torn in wide, uneven dips, and the product
 * stands torn on its new scene. Where grass stands before the product (ground-occluders.ts found
 * some), the product keeps its width down to where the grass begins (straight sides) and its lowest
 * line is torn (two dips or more), its sides, taken at the lowest row nearly as wide as its widest,
 * are carried down to a level base as deep as all but the deepest twentieth of that line, its corners
 * rounded: an upright jar, pot or box. The pixels it adds, and the lawn-coloured ones within it, are
 * painted in the product's colours; what hangs below it leaves the mask (under its rounded corners,
 * only the lawn's pixels). Widths are counted in pixels, so that a row crossing a dip is not taken for
 * a whole one. Nothing changes when what it adds is not mostly the lawn or is too much, on a plush
 * whose arms and feet spread, on a toy on two wheels, on a shoe seen at an angle (its heel high, its
 * toe low), on a bowl whose foot narrows in one smooth curve, or on a mask the user corrected
 * (ground-occluders.ts, `complete`).
 */

import { closedLine, type Area } from './occluder-shapes';

/** The product's sides are taken at the lowest row at least this share of its widest. */
const WIDE = 0.95;
/** The level base lies as deep as this share of the columns' lowest rows (the deepest twentieth below). */
const DEPTH_QUANTILE = 0.95;
/** The notches a blade leaves in the lowest line, this share of the product's width, are closed. */
const BLADE = 0.03;
/** A turn of the lowest line counts when it goes back by this share of the product's height. */
const TURN = 0.02;
/**
 * A torn line turns at least this many times (`turnsOf`: two dips or more). A product on two wheels or
 * two feet turns three times.
 */
const TURNS = 4;
/** Straight sides: this share of the rows above the torn part are at least SIDE of the widest. */
const STRAIGHT = 0.95;
const SIDE = 0.85;
/** Each outer third of the lowest line reaches down within this share of the hidden height. */
const ENDS = 0.5;
/** The base's corners are rounded over this share of its width. */
const CORNER = 0.2;
/** At least this share of the pixels added are the lawn's. */
const GRASSY = 0.8;
/** At most this share of the mask is added. */
const MOST_ADDED = 0.12;

/** How many times a line turns (down then up, or up then down) by at least `step` rows. */
export function turnsOf(line: number[], step: number): number {
  let turns = 0;
  let direction = 0;
  let high = line[0] ?? 0;
  let low = high;
  for (const v of line) {
    if (direction >= 0) high = Math.max(high, v);
    if (direction <= 0) low = Math.min(low, v);
    if (direction >= 0 && v <= high - step) {
      if (direction > 0) turns++;
      direction = -1;
      low = v;
    } else if (direction <= 0 && v >= low + step) {
      if (direction < 0) turns++;
      direction = 1;
      high = v;
    }
  }
  return turns;
}

/** Per column from `x0` to `x1`, the row of a level base at `bottom` with corners rounded over `radius`. */
function levelLine(x0: number, x1: number, bottom: number, radius: number): Int32Array {
  const line = new Int32Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) {
    const inset = Math.min(x - x0, x1 - x);
    const d = Math.max(0, radius - inset);
    line[x - x0] = Math.round(bottom - (radius - Math.sqrt(Math.max(0, radius * radius - d * d))));
  }
  return line;
}

export type HiddenBase = {
  /** 1 where a pixel of the area lies within the completed base (area-local). */
  within: Uint8Array;
  /** Of those, 1 where the mask did not hold it wholly (its soft edge too). */
  added: Uint8Array;
  /**
   * Below the level base, in its columns: 1 in its middle, where all the mask holds leaves it (what
   * hung below the base: blades, shadow), 2 under its rounded corners, where only the lawn's pixels do
   * (a square corner the photo shows stays).
   */
  below: Uint8Array;
};

/**
 * The completed base (see above), or null when the product's lowest line is not torn or, on an
 * automatic mask (`complete`), the base would add what is not the lawn. `product` is 1 where the mask
 * holds the product in `area`, `partial` where it does not hold a pixel wholly (alpha below 255),
 * `lawn` where a pixel is the lawn's; `height` is the product's height and `maskCount` the mask's size,
 * in pixels.
 */
export function hiddenBase(
  product: Uint8Array,
  area: Area,
  partial: Uint8Array,
  lawn: Uint8Array,
  height: number,
  maskCount: number,
  complete = true,
): HiddenBase | null {
  const { width: w, height: h } = area;
  // Widths are counted in pixels, not from edge to edge: a row crossing a dip is not whole.
  const left = new Int32Array(h).fill(-1);
  const right = new Int32Array(h).fill(-1);
  const count = new Int32Array(h);
  const lowest = new Int32Array(w).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (product[y * w + x]) {
        if (left[y]! < 0) left[y] = x;
        right[y] = x;
        count[y] = count[y]! + 1;
        lowest[x] = y;
      }
  let widest = 0;
  for (let y = 0; y < h; y++) widest = Math.max(widest, count[y]!);
  let top = -1;
  for (let y = 0; y < h; y++) if (widest > 0 && count[y]! >= WIDE * widest) top = y;
  if (top < 0) return null;
  // An upright jar, pot or box keeps its width down to where the grass hides it; a plush's arms and
  // feet, or a bowl narrowing to its foot, do not.
  let rowsAbove = 0;
  let straight = 0;
  for (let y = 0; y <= top; y++)
    if (count[y]! > 0) {
      rowsAbove++;
      if (count[y]! >= SIDE * widest) straight++;
    }
  if (straight < STRAIGHT * rowsAbove) return null;
  const x0 = left[top]!;
  const x1 = right[top]!;
  const line = closedLine(lowest, Math.max(1, Math.round(BLADE * widest)));
  const rows: number[] = [];
  for (let x = x0; x <= x1; x++) rows.push(Math.max(top, line[x]!));
  if (turnsOf(rows, Math.max(2, TURN * height)) < TURNS) return null;
  const bottom = [...rows].sort((a, b) => a - b)[Math.floor(DEPTH_QUANTILE * (rows.length - 1))]!;
  if (bottom - top < 3) return null;
  // Level: both outer thirds reach down within half the hidden height of the base; a shoe seen at an
  // angle, its heel high and its toe low, does not stand on a level base.
  const third = Math.max(1, Math.floor(rows.length / 3));
  const ends = [Math.max(...rows.slice(0, third)), Math.max(...rows.slice(rows.length - third))];
  if (ends.some((row) => bottom - row > ENDS * (bottom - top))) return null;
  const radius = Math.min(bottom - top, Math.round(CORNER * (x1 - x0 + 1)));
  const level = levelLine(x0, x1, bottom, radius);
  const within = new Uint8Array(w * h);
  const added = new Uint8Array(w * h);
  const below = new Uint8Array(w * h);
  let total = 0;
  let grassy = 0;
  for (let x = x0; x <= x1; x++)
    for (let y = top; y < h; y++) {
      const i = y * w + x;
      if (y > level[x - x0]!) {
        below[i] = x - x0 < radius || x1 - x < radius ? 2 : 1;
        continue;
      }
      within[i] = 1;
      if (!partial[i]) continue;
      added[i] = 1;
      total++;
      grassy += lawn[i]!;
    }
  // Nothing to add (a mask that already holds the base) still says where the base is, to be painted;
  // on a corrected mask nothing is added, whatever the user erased.
  if (complete && (grassy < GRASSY * total || total > MOST_ADDED * maskCount)) return null;
  return { within, added, below };
}
