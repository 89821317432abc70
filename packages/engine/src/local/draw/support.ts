/**
 * Where a product photographed standing on a surface rested on it, read from its silhouette: the lower
 * convex hull of its lowest solid pixels. A product that stands on two parts with a gap between them (a
 * car's wheels, a shoe's heel and toe, a sitting toy's seat and foot) shows a long straight edge of that
 * hull from one part to the other: the line the surface ran along, rising toward the back as the camera
 * saw it from above. A rounded base (a jar, a duck) has no such edge, and its contact stays at its
 * bottom (shadow.ts).
 */
import type { Rgb } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { darkenPixel, shadeTint } from './shade-pixel';

/** Least opacity of a product pixel that is solid: a base, a foot, not the cut-out's soft fringe. */
export const SOLID_ALPHA = 200;

export type Support = {
  /** The columns the support runs between (both included). */
  from: number;
  to: number;
  /** Per column, the row of the support line (the hull between its ends); NaN outside them. */
  line: Float32Array;
  /** Per column, the product's lowest solid row, or -1 where the column has none. */
  lowest: Int32Array;
  /** The row of the product's lowest point. */
  baseRow: number;
};

/** An edge of the hull at least this share of the product's width spans a gap between two supports. */
const BRIDGE = 0.1;
/** The steepest a support line runs in the photo (rows per column): about 50°, a surface seen from high above. */
const STEEPEST = 1.2;
/** The support's far end lies at most this share of the product's height above its lowest point. */
const HIGHEST = 0.55;
/**
 * Under a bridge the silhouette stays within this share of the bridge's length of it: a car's chassis,
 * a sole's arch. A mug's handle, whose hull edge runs from the foot to the handle's lowest point, rises
 * far above that line next to the body: it never touched the table.
 */
const DEEPEST_GAP = 0.4;

/** A column touches the support line when its lowest solid row is this near it (a share of the height). */
const TOUCHING = 0.02;

/**
 * Per column, the lowest row at SOLID_ALPHA or more within the product's bottom `band` rows (an RGBA
 * image), or -1 where none is: where the product may rest on the surface.
 */
export function lowestSolidRows(product: RawImage, band: number): Int32Array {
  const { data, width, height } = product;
  const lowest = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++)
    for (let y = height - 1; y >= Math.max(0, height - band); y--)
      if (data[(y * width + x) * 4 + 3]! >= SOLID_ALPHA) {
        lowest[x] = y;
        break;
      }
  return lowest;
}

/** The lower hull (the rows grow downward) of the points (x, lowest[x]), left to right. */
function lowerHull(lowest: Int32Array): [number, number][] {
  const hull: [number, number][] = [];
  for (let x = 0; x < lowest.length; x++) {
    const y = lowest[x]!;
    if (y < 0) continue;
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2]!;
      const [bx, by] = hull[hull.length - 1]!;
      // b lies on or above the segment from a to this point: it is not on the lower hull.
      if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0) hull.pop();
      else break;
    }
    hull.push([x, y]);
  }
  return hull;
}

/** How far above the segment from (x0, y0) to (x1, y1) the silhouette's lowest rows rise at most. */
function deepestGap(lowest: Int32Array, x0: number, y0: number, x1: number, y1: number): number {
  const [a, b] = x0 < x1 ? [x0, x1] : [x1, x0];
  let deepest = 0;
  for (let x = a; x <= b; x++) {
    const on = y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    // A column with no solid pixel at all is a gap through the whole product.
    deepest = Math.max(deepest, lowest[x]! < 0 ? Infinity : on - lowest[x]!);
  }
  return deepest;
}

/**
 * The support line of a product that stood on two parts or more (an RGBA image at its drawn size), or
 * null when it stood on one base: from its lowest point, the hull is followed on each side over edges
 * no steeper than STEEPEST and no higher than HIGHEST, as far as the last edge that bridges a gap.
 */
export function supportOf(product: RawImage): Support | null {
  const { width, height } = product;
  if (product.channels !== 4 || width < 8 || height < 8) return null;
  const lowest = lowestSolidRows(product, height);
  const hull = lowerHull(lowest);
  if (hull.length < 2) return null;
  let bottomAt = 0;
  for (let i = 1; i < hull.length; i++) if (hull[i]![1] > hull[bottomAt]![1]) bottomAt = i;
  const by = hull[bottomAt]![1];
  const reach = (step: 1 | -1): number => {
    let end = bottomAt;
    for (let i = bottomAt; i + step >= 0 && i + step < hull.length; i += step) {
      const [x0, y0] = hull[i]!;
      const [x1, y1] = hull[i + step]!;
      const dx = Math.abs(x1 - x0);
      if (y0 - y1 > STEEPEST * dx || by - y1 > HIGHEST * height) break;
      if (dx < BRIDGE * width) continue;
      if (deepestGap(lowest, x0, y0, x1, y1) > DEEPEST_GAP * Math.hypot(dx, y1 - y0)) break;
      end = i + step;
    }
    return end;
  };
  const left = reach(-1);
  const right = reach(1);
  // A flat base is one base: its line is its bottom row, where the contact is drawn anyway.
  if (Math.max(by - hull[left]![1], by - hull[right]![1]) < TOUCHING * height) return null;
  const line = new Float32Array(width).fill(Number.NaN);
  for (let i = left; i < right; i++) {
    const [x0, y0] = hull[i]!;
    const [x1, y1] = hull[i + 1]!;
    for (let x = x0; x <= x1; x++) line[x] = y0 + ((y1 - y0) * (x - x0)) / Math.max(1, x1 - x0);
  }
  return { from: hull[left]![0], to: hull[right]![0], line, lowest, baseRow: by };
}

/** How far above the product's lowest point each end of its support lies, in rows (0 without one). */
export function supportRise(support: Support | null): { left: number; right: number } {
  if (!support) return { left: 0, right: 0 };
  const { line, from, to, baseRow } = support;
  return { left: baseRow - line[from]!, right: baseRow - line[to]! };
}

/**
 * Marks, in place, the columns whose lowest solid row lies on the support line as resting there, fully
 * (`lowest` and `touch` as the contact shadow reads them per column).
 */
export function touchingSupport(
  support: Support,
  height: number,
  lowest: Int32Array,
  touch: Float32Array,
): void {
  const near = Math.max(2, height * TOUCHING);
  for (let x = support.from; x <= support.to; x++) {
    const y = support.lowest[x]!;
    if (y < 0 || support.line[x]! - y > near) continue;
    lowest[x] = y;
    touch[x] = 1;
  }
}

/** How dark the surface gets under a product between the parts it stands on (of the resting shade). */
const UNDER = 0.55;
/** How far behind the support line the shade reaches in the photo, as a share of the product's height. */
const UNDER_REACH = 0.05;

/**
 * The surface under a product between the parts it stands on (under a car's chassis, a sole's arch, a
 * sitting toy's leg): a soft band of shade along the support line, reaching a little behind it (up in
 * the photo) and fading just in front of it, even along the line and soft where the parts touch (their
 * contact shadow is drawn there). Drawn before the product, which covers what lies above its edge.
 */
export function shadeUnder(
  scene: RawImage,
  support: Support,
  at: { x: number; y: number },
  strength: number,
  tint: Rgb,
  height: number,
): void {
  if (strength <= 0) return;
  const { from, to, line, lowest } = support;
  const near = Math.max(2, height * TOUCHING);
  const depth = Math.max(3, height * 0.03);
  const reach = Math.max(4, height * UNDER_REACH);
  // Per column, how much of the gap is there around it: a moving average, so that the band eases in
  // and out where a part touches instead of stopping in a vertical step.
  const radius = Math.max(2, Math.round(depth * 2));
  const gap = new Float32Array(to - from + 1);
  for (let x = from; x <= to; x++) gap[x - from] = lowest[x]! >= 0 && line[x]! - lowest[x]! > near ? 1 : 0;
  const eased = new Float32Array(gap.length);
  let sum = 0;
  for (let i = -radius; i < gap.length; i++) {
    if (i + radius < gap.length) sum += gap[i + radius]!;
    if (i - radius - 1 >= 0) sum -= gap[i - radius - 1]!;
    if (i >= 0) eased[i] = sum / (2 * radius + 1);
  }
  const t = shadeTint(tint);
  const most = UNDER * Math.min(1, strength);
  for (let x = from; x <= to; x++) {
    const X = at.x + x;
    const k0 = most * eased[x - from]!;
    if (X < 0 || X >= scene.width || k0 < 0.002) continue;
    const on = line[x]!;
    for (let y = Math.ceil(on - reach * 1.6); y <= on + depth * 1.6; y++) {
      const Y = at.y + y;
      if (Y < 0 || Y >= scene.height) continue;
      const away = y <= on ? (on - y) / reach : (y - on) / depth;
      const k = k0 * Math.exp(-2 * away * away);
      if (k < 0.002) continue;
      const i = (Y * scene.width + X) * scene.channels;
      darkenPixel(scene.data, i, k, t);
    }
  }
}
