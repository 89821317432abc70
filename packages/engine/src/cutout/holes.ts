/**
 * Background seen through the product: a learned model fills the space inside a mug's handle, between
 * a chair's legs or inside a bike's frame with the product. Inside the mask, places whose colours are
 * much likelier to be the background just around the product than the product itself, and that the
 * product encloses, are opened.
 */
import { components } from './clean';

/** Histogram bins per Lab axis. */
const BINS = 8;
/** How much likelier the background's colours must be than the product's. */
const RATIO = 4;
/** The ring of background read around the mask: from this many pixels out… */
const RING_FROM = 2;
/** …to this many. */
const RING_TO = 10;
/** A piece the model's map averages above this over is the product's. */
const SURE = 0.85;
/** Least size of a hole, as a share of the product's area; smaller are texture, not holes. */
const LEAST_HOLE = 0.002;

function bin(lab: Float32Array, p: number): number {
  const l = Math.min(BINS - 1, Math.max(0, Math.floor((lab[p * 3]! / 100) * BINS)));
  const a = Math.min(BINS - 1, Math.max(0, Math.floor(((lab[p * 3 + 1]! + 64) / 128) * BINS)));
  const b = Math.min(BINS - 1, Math.max(0, Math.floor(((lab[p * 3 + 2]! + 64) / 128) * BINS)));
  return (l * BINS + a) * BINS + b;
}

/** City-block distance to the nearest pixel of `mask` (1), in two passes. */
function distanceTo(mask: Uint8Array, width: number, height: number): Uint16Array {
  const far = 65535;
  const d = new Uint16Array(mask.length);
  for (let p = 0; p < d.length; p++) d[p] = mask[p] ? 0 : far;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x > 0) d[p] = Math.min(d[p]!, d[p - 1]! + 1);
      if (y > 0) d[p] = Math.min(d[p]!, d[p - width]! + 1);
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      if (x < width - 1) d[p] = Math.min(d[p]!, d[p + 1]! + 1);
      if (y < height - 1) d[p] = Math.min(d[p]!, d[p + width]! + 1);
    }
  return d;
}

/** Opens the enclosed background inside `mask` (1 = product), in place; returns the pixels opened. */
export function openHoles(
  mask: Uint8Array,
  lab: Float32Array,
  map: Float32Array,
  width: number,
  height: number,
): number {
  const size = BINS ** 3;
  const outside = distanceTo(mask, width, height);
  const inverse = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) inverse[p] = mask[p] ? 0 : 1;
  const inside = distanceTo(inverse, width, height);
  const bg = new Float64Array(size);
  const fg = new Float64Array(size);
  let nb = 0;
  let nf = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p] && outside[p]! >= RING_FROM && outside[p]! <= RING_TO) {
      bg[bin(lab, p)]! += 1;
      nb++;
    } else if (mask[p] && inside[p]! >= 2) {
      fg[bin(lab, p)]! += 1;
      nf++;
    }
  }
  if (nb < 50 || nf < 50) return 0;
  const candidate = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const k = bin(lab, p);
    const pb = (bg[k]! + 0.5) / nb;
    const pf = (fg[k]! + 0.5) / nf;
    if (pb > RATIO * pf) candidate[p] = 1;
  }
  const { labels, areas, touchesBorder } = components(candidate, width, height, 1);
  const least = Math.max(6, Math.round(nf * LEAST_HOLE));
  // A candidate piece is a hole when the product closes round it: none of its pixels is next to
  // what lies outside the mask.
  const open = new Uint8Array(areas.length);
  // A piece at the photo's edge is not closed round by the product: what lies past the edge is unknown.
  for (let label = 1; label < areas.length; label++)
    open[label] = areas[label]! >= least && !touchesBorder[label] ? 1 : 0;
  for (let p = 0; p < labels.length; p++) {
    const label = labels[p]!;
    if (!label || !open[label]) continue;
    if (inside[p]! <= 1) open[label] = 0;
  }
  // And the model is not sure of it: a product's own inside (a grey mug's inner wall before a grey
  // wall) is what the model sees best.
  const seen = new Float64Array(areas.length);
  for (let p = 0; p < labels.length; p++) if (labels[p]) seen[labels[p]!]! += map[p]!;
  for (let label = 1; label < areas.length; label++) if (seen[label]! / areas[label]! > SURE) open[label] = 0;
  let opened = 0;
  for (let p = 0; p < labels.length; p++)
    if (open[labels[p]!] && labels[p]) {
      mask[p] = 0;
      opened++;
    }
  return opened;
}
