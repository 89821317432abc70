/**
 * What IoU hides, measured against a reference mask (both one byte per pixel, 128 and above = product):
 * the boundary F-measure (how much of each outline lies near the other's), the stray pieces (parts of
 * the mask that touch no part of the subject), and how well a confidence tells bad cut-outs (AUROC).
 */

/** Intersection over union of two masks (128 and above = product). */
export function iouOf(mask: Uint8Array, reference: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < mask.length; p++) {
    const a = mask[p]! >= 128;
    const b = reference[p]! >= 128;
    if (a && b) both++;
    if (a || b) either++;
  }
  return either ? both / either : 1;
}

/** Pixels on a mask's outline: set, with a 4-neighbour unset or the photo's edge beside them. */
function outline(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (mask[p]! < 128) continue;
      const edge =
        (x > 0 && mask[p - 1]! < 128) ||
        (x < width - 1 && mask[p + 1]! < 128) ||
        (y > 0 && mask[p - width]! < 128) ||
        (y < height - 1 && mask[p + width]! < 128);
      if (edge) out[p] = 1;
    }
  return out;
}

/** Approximate Euclidean distance to the nearest set pixel (two-pass chamfer, 1 and √2). */
function distanceTo(set: Uint8Array, width: number, height: number): Float32Array {
  const d = new Float32Array(set.length);
  for (let p = 0; p < d.length; p++) d[p] = set[p] ? 0 : 1e9;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let v = d[p]!;
      if (x > 0) v = Math.min(v, d[p - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[p - width]! + 1);
        if (x > 0) v = Math.min(v, d[p - width - 1]! + diagonal);
        if (x < width - 1) v = Math.min(v, d[p - width + 1]! + diagonal);
      }
      d[p] = v;
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      let v = d[p]!;
      if (x < width - 1) v = Math.min(v, d[p + 1]! + 1);
      if (y < height - 1) {
        v = Math.min(v, d[p + width]! + 1);
        if (x < width - 1) v = Math.min(v, d[p + width + 1]! + diagonal);
        if (x > 0) v = Math.min(v, d[p + width - 1]! + diagonal);
      }
      d[p] = v;
    }
  return d;
}

/**
 * Boundary F-measure: the share of the mask's outline within `tolerance` of the reference's
 * (precision), and the reverse (recall), combined. The tolerance is a share of the photo's diagonal.
 */
export function boundaryF(
  mask: Uint8Array,
  reference: Uint8Array,
  width: number,
  height: number,
  tolerance = 0.005,
): number {
  const within = tolerance * Math.hypot(width, height);
  const mine = outline(mask, width, height);
  const theirs = outline(reference, width, height);
  const toTheirs = distanceTo(theirs, width, height);
  const toMine = distanceTo(mine, width, height);
  let mineCount = 0;
  let mineNear = 0;
  let theirsCount = 0;
  let theirsNear = 0;
  for (let p = 0; p < mine.length; p++) {
    if (mine[p]) {
      mineCount++;
      if (toTheirs[p]! <= within) mineNear++;
    }
    if (theirs[p]) {
      theirsCount++;
      if (toMine[p]! <= within) theirsNear++;
    }
  }
  if (!mineCount || !theirsCount) return mineCount === theirsCount ? 1 : 0;
  const precision = mineNear / mineCount;
  const recall = theirsNear / theirsCount;
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

/**
 * The edge as it is drawn, which IoU and the boundary F (both on the mask cut at half) do not see: over
 * the pixels within `tolerance` of the reference's outline, the mean difference between the mask's
 * alpha and the reference's, in 0..1 (0: the same edge; a soft ramp or a ragged fringe where the
 * reference is crisp adds to it); and the soft band's width in pixels, the mask's pixels neither clearly
 * product nor clearly background (alpha 13 to 242 of 255) per pixel of the reference's outline.
 */
export function edgeAlpha(
  mask: Uint8Array,
  reference: Uint8Array,
  width: number,
  height: number,
  tolerance = 0.005,
): { error: number; softWidth: number } {
  const within = tolerance * Math.hypot(width, height);
  const theirs = outline(reference, width, height);
  const toTheirs = distanceTo(theirs, width, height);
  let near = 0;
  let difference = 0;
  let outlineLength = 0;
  let soft = 0;
  for (let p = 0; p < mask.length; p++) {
    if (theirs[p]) outlineLength++;
    const a = mask[p]!;
    if (a >= 13 && a <= 242) soft++;
    if (toTheirs[p]! > within) continue;
    near++;
    difference += Math.abs(a - reference[p]!) / 255;
  }
  return { error: near ? difference / near : 0, softWidth: outlineLength ? soft / outlineLength : 0 };
}

/** The share of the photo in pieces of the mask (8-connected) that touch no pixel of the reference. */
export function strayShare(mask: Uint8Array, reference: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  let stray = 0;
  for (let start = 0; start < mask.length; start++) {
    if (mask[start]! < 128 || seen[start]) continue;
    let size = 0;
    let touches = false;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      if (reference[p]! >= 128) touches = true;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (mask[q]! >= 128 && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    if (!touches) stray += size;
  }
  return stray / mask.length;
}

/**
 * Area under the ROC curve of `score` telling `bad` cases from good ones (ties count half); null when
 * one of the two kinds is missing.
 */
export function auroc(cases: { score: number; bad: boolean }[]): number | null {
  const bad = cases.filter((c) => c.bad);
  const good = cases.filter((c) => !c.bad);
  if (!bad.length || !good.length) return null;
  let wins = 0;
  for (const b of bad) for (const g of good) wins += b.score > g.score ? 1 : b.score === g.score ? 0.5 : 0;
  return wins / (bad.length * good.length);
}
