/**
 * Ground in front of the product: a product photographed in grass (a candle jar, a sneaker, a plush
 * on a lawn) has blades standing before its base, and a segmentation keeps them, since they touch the
 * product and lie inside its outline. Placed in a new scene, the product then stands in a tuft of the
 * old lawn.
 *
 * In the lower half of the product's box, pixels of the mask whose colour is much more the ground's
 * (the background just around the base) than the product's (everything the mask holds), and which
 * reach the mask's edge through such pixels (blades grow from the ground; an eye or a collar inside
 * the product does not touch it), are the ground. Above the product's lowest line (closed over a
 * tenth of its width, so that a base a tuft hides runs on as low as beside it), the product is
 * behind the ground: the pixel stays, its colour filled in from the product around it (`paintOver`,
 * occluder-fill.ts). Elsewhere (a blade against the background, the turf below the base), it leaves
 * the mask (`withoutGroundOccluders`), unless it is closed in by what stays (it would be a hole
 * through the product). Where the photo hides the base itself in wide dips, so that the product's
 * lowest line is torn, a level base is drawn (hidden-base.ts); otherwise the edge follows what the
 * product shows.
 *
 * Only plants are taken for the ground before a product: green pixels, on a ground that is green
 * around the base (a lawn, leaves, moss). A shadow, a dark desk, a white floor are left to the
 * segmentation: there, the product's own dark or pale parts match the ground as well (a mouse's seam,
 * a toilet's shaded foot), and taking them away or painting them over cuts the product. Nothing
 * changes either when such pixels would be a large share of the mask: the product's own colours are
 * then too close to the ground's to tell one from the other.
 */

import { hiddenBase } from './hidden-base';
import { areaOf, closedBase, reachedFromOutside, within, type Area } from './occluder-shapes';

/** Quantisation of each channel for the colour histograms (16 levels: 4,096 bins). */
const LEVELS = 16;
/** A pixel is the ground's when its colour is this many times more frequent there than in the mask. */
const GROUND_ODDS = 2.5;
/** The ground around the base: this share of the box's longest side beyond it. */
const AROUND = 0.1;
/** Only the lower part of the box is looked at: blades do not reach the product's top. */
const FROM = 0.5;
/** The product's lowest line is closed over this share of its width either side. */
const ACROSS = 0.1;
/** Past this share of the mask, the ground's colours are the product's too: nothing changes. */
const MOST = 0.15;
/** Green leads red and blue by this much in a leaf or a blade, sunlit or in shade. */
const GREENER = 10;
/** The ground around the base is a lawn (or leaves) when this share of it is green. */
const LAWN = 0.3;

type Photo = { data: Uint8Array; width: number; height: number; channels: number };

export type Occluders = {
  /** The rectangle looked at: the lower part of the product's box and a margin either side. */
  area: Area;
  /** 1 where the mask holds ground (area-local, row-major). */
  ground: Uint8Array;
  /** Of those, 1 where the product is behind it: painted, not taken out. */
  before: Uint8Array;
  /** Of those, 1 where the mask did not hold the pixel: the base the grass hides (hidden-base.ts). */
  added: Uint8Array | null;
};

/** Grass, leaves, moss: green ahead of red and blue. */
const leafy = (data: Uint8Array, i: number) =>
  data[i + 1]! >= data[i]! + GREENER && data[i + 1]! >= data[i + 2]! + GREENER;

const SHIFT = Math.log2(256 / LEVELS);
const bin = (data: Uint8Array, i: number) =>
  ((data[i]! >> SHIFT) * LEVELS + (data[i + 1]! >> SHIFT)) * LEVELS + (data[i + 2]! >> SHIFT);

/** A histogram blurred over neighbouring bins (3×3×3), as frequencies. */
function smoothed(counts: Float32Array, total: number): Float32Array {
  const out = new Float32Array(counts.length);
  const L = LEVELS;
  for (let r = 0; r < L; r++)
    for (let g = 0; g < L; g++)
      for (let b = 0; b < L; b++) {
        let sum = 0;
        for (let dr = Math.max(0, r - 1); dr <= Math.min(L - 1, r + 1); dr++)
          for (let dg = Math.max(0, g - 1); dg <= Math.min(L - 1, g + 1); dg++)
            for (let db = Math.max(0, b - 1); db <= Math.min(L - 1, b + 1); db++)
              sum += counts[(dr * L + dg) * L + db]!;
        out[(r * L + g) * L + b] = sum / 27 / Math.max(1, total);
      }
  return out;
}

/** The mask's box (alpha 128 and above) and its area, or null for an empty mask. */
function boxOf(alpha: Uint8Array, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  let count = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0, p = y * width; x < width; x++, p++)
      if (alpha[p]! >= 128) {
        count++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x0, y0, x1, y1, count };
}

/**
 * Per colour bin: 2 where the colour is the ground's (GROUND_ODDS times more frequent around the base
 * than in the mask), 1 where it is more the ground's than the product's, 0 elsewhere; null when the
 * ground around the base is not a lawn.
 */
function colourClasses(photo: Photo, alpha: Uint8Array, box: Area, around: Area): Uint8Array | null {
  const { data, width, channels } = photo;
  const groundCounts = new Float32Array(LEVELS ** 3);
  const productCounts = new Float32Array(LEVELS ** 3);
  let groundTotal = 0;
  let leafyTotal = 0;
  let productTotal = 0;
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0, p = y * width + x; x <= box.x1; x++, p++)
      if (alpha[p] === 255) {
        productCounts[bin(data, p * channels)]!++;
        productTotal++;
      }
  for (let y = around.y0; y <= around.y1; y++)
    for (let x = around.x0, p = y * width + x; x <= around.x1; x++, p++)
      if (alpha[p] === 0) {
        groundCounts[bin(data, p * channels)]!++;
        groundTotal++;
        if (leafy(data, p * channels)) leafyTotal++;
      }
  if (groundTotal < 100 || productTotal < 100 || leafyTotal < LAWN * groundTotal) return null;
  const ground = smoothed(groundCounts, groundTotal);
  const product = smoothed(productCounts, productTotal);
  const classes = new Uint8Array(ground.length);
  for (let b = 0; b < classes.length; b++)
    if (ground[b]! > 0 && ground[b]! >= product[b]!)
      classes[b] = ground[b]! >= GROUND_ODDS * product[b]! ? 2 : 1;
  return classes;
}

/**
 * The ground the mask holds before and beside the product, or null when there is none to tell.
 * `complete`: whether the base the grass hides may be drawn into the mask and the lawn below it taken
 * out (an automatic mask); on a mask the user corrected, what they erased or painted in stays, and only
 * the lawn within a base already drawn is painted.
 */
export function groundOccluders(photo: Photo, alpha: Uint8Array, complete = true): Occluders | null {
  const { data, width, height, channels } = photo;
  const mask = boxOf(alpha, width, height);
  if (!mask) return null;
  const bw = mask.x1 - mask.x0 + 1;
  const bh = mask.y1 - mask.y0 + 1;
  const margin = Math.round(AROUND * Math.max(bw, bh));
  const top = mask.y0 + Math.floor(FROM * bh);
  const x0 = Math.max(0, mask.x0 - margin);
  const x1 = Math.min(width - 1, mask.x1 + margin);
  const area = areaOf(x0, top, x1, mask.y1);
  const classes = colourClasses(
    photo,
    alpha,
    areaOf(mask.x0, mask.y0, mask.x1, mask.y1),
    areaOf(x0, top, x1, Math.min(height - 1, mask.y1 + margin)),
  );
  if (!classes) return null;

  // Ground-coloured, leafy pixels of the mask in the area…
  const { width: aw, height: ah } = area;
  const like = new Uint8Array(aw * ah);
  const outside = new Uint8Array(aw * ah);
  const lawn = new Uint8Array(aw * ah);
  const partial = new Uint8Array(aw * ah);
  for (let y = 0; y < ah; y++)
    for (let x = 0; x < aw; x++) {
      const p = (area.y0 + y) * width + area.x0 + x;
      const green = leafy(data, p * channels);
      if (green || classes[bin(data, p * channels)]! > 0) lawn[y * aw + x] = 1;
      if (alpha[p]! < 128) outside[y * aw + x] = 1;
      if (alpha[p]! < 255) partial[y * aw + x] = 1;
      if (alpha[p] === 0 || !green) continue;
      like[y * aw + x] = classes[bin(data, p * channels)]!;
    }
  // …that reach the mask's edge through one another: blades grow from the ground. A blade's paler,
  // sunlit parts (more the ground's than the product's) join it where they touch it. Beyond the area:
  // outside the mask beside and below it, unless that is beyond the photo (a product the photo's edge
  // cuts has no edge there); above it, the product's upper half.
  const open = { left: area.x0 > 0, right: area.x1 < width - 1, bottom: area.y1 < height - 1 };
  const strong = new Uint8Array(aw * ah);
  for (let i = 0; i < like.length; i++) strong[i] = like[i] === 2 ? 1 : 0;
  const ground = reachedFromOutside(strong, like, outside, area, open, true);
  let count = 0;
  for (let i = 0; i < ground.length; i++) count += ground[i]!;
  if (count === 0 || count > MOST * mask.count) return null;
  // The blades' own edges, blends of ground and product, go with them.
  const grown = within(ground, area, Math.max(1, Math.round(Math.max(width, height) / 400)));
  const product = new Uint8Array(aw * ah);
  for (let i = 0; i < ground.length; i++) {
    if (grown[i] && !outside[i]) ground[i] = 1;
    product[i] = !outside[i] && !ground[i] ? 1 : 0;
  }

  // Before the product above its lowest line, closed over a tenth of its width either side (a base a
  // tuft hides runs on as low as beside it), or within the base the grass hides (hidden-base.ts);
  // beside it elsewhere.
  const base = closedBase(product, area, Math.max(2, Math.round(ACROSS * bw)));
  const hidden = hiddenBase(product, area, partial, lawn, bh, mask.count, complete);
  // The lawn's colours within the base, joined to its edge: what an earlier look drew (a green print
  // on the product, closed in by it, is the product's own).
  const lawnWithin = new Uint8Array(aw * ah);
  if (hidden)
    for (let i = 0; i < lawnWithin.length; i++)
      lawnWithin[i] = hidden.within[i]! && lawn[i]! && !outside[i] ? 1 : 0;
  const drawn = hidden ? reachedFromOutside(lawnWithin, lawnWithin, outside, area, open, true) : lawnWithin;
  const before = new Uint8Array(aw * ah);
  for (let y = 0; y < ah; y++)
    for (let x = 0; x < aw; x++) {
      const i = y * aw + x;
      const below = complete ? (hidden?.below[i] ?? 0) : 0;
      if (below === 1 || (below === 2 && (lawn[i] || ground[i]))) ground[i] = 1;
      else if (drawn[i]) ground[i] = before[i] = 1;
      else if (ground[i] && (y <= base[x]! || hidden?.within[i])) before[i] = 1;
    }
  // What would leave but is closed in by what stays would be a hole through the product: painted too.
  const leaves = new Uint8Array(aw * ah);
  for (let i = 0; i < leaves.length; i++) leaves[i] = ground[i] && !before[i] ? 1 : 0;
  const reached = reachedFromOutside(leaves, leaves, outside, area, open, false);
  for (let i = 0; i < leaves.length; i++) if (leaves[i] && !reached[i]) before[i] = 1;
  // The hidden base joins the mask, painted as what stands before the product is.
  const added = complete ? (hidden?.added ?? null) : null;
  if (added) for (let i = 0; i < added.length; i++) if (added[i]) ground[i] = before[i] = 1;
  return { area, ground, before, added };
}

/**
 * `alpha` (the photo's size) without the ground `found` beside the product and with the base the grass
 * hides, the new edge a pixel soft as the rest of the outline is (a pixel beside one taken out or
 * added becomes the mean of its 3×3 square).
 */
export function takeOut(
  found: Occluders,
  photo: { width: number; height: number },
  alpha: Uint8Array,
): Buffer {
  const { area, ground, before, added } = found;
  const { width, height } = photo;
  const aw = area.width;
  const taken = new Uint8Array(alpha.length);
  const out = Buffer.from(alpha);
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < aw; x++) {
      const i = y * aw + x;
      const p = (area.y0 + y) * width + area.x0 + x;
      if (added?.[i]) {
        taken[p] = 1;
        out[p] = 255;
      } else if (ground[i] && !before[i]) {
        taken[p] = 1;
        out[p] = 0;
      }
    }
  const soft = Buffer.from(out);
  for (let y = Math.max(1, area.y0 - 1); y <= Math.min(height - 2, area.y1 + 1); y++)
    for (let x = Math.max(1, area.x0 - 1); x <= Math.min(width - 2, area.x1 + 1); x++) {
      const p = y * width + x;
      if (out[p] === 0 || !(taken[p - 1] || taken[p + 1] || taken[p - width] || taken[p + width])) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += out[p + dy * width + dx]!;
      soft[p] = Math.round(sum / 9);
    }
  return soft;
}

/** The mask without the ground beside the product (the ground before it stays, to be painted). */
export function withoutGroundOccluders(photo: Photo, alpha: Buffer): Buffer {
  const found = groundOccluders(photo, alpha);
  return found ? takeOut(found, photo, alpha) : alpha;
}
