/**
 * Specks along a cut-out's edge: where the product stands on a textured ground (gravel, grass, a
 * rug), the edge filter takes the ground's pale grains for the product and its dark grains for the
 * background, and the edge comes out ragged, flecked a few pixels either side. A grey-level opening
 * (a minimum, then a maximum, over a small square) takes away what is narrower than the square
 * outside the product; a closing (maximum, then minimum) fills what is narrower inside it. A dark
 * grain touching the edge from inside is taken as background (the opening comes first): a notch a
 * pixel deep.
 *
 * Only pixels near the edge can change (within four squares' reach of a pixel whose neighbours differ
 * from it): the filters visit those alone, a few per cent of a product's photo.
 */

/** The pixels within `reach` (in both directions) of a pixel that differs from a 4-neighbour. */
function nearTheEdge(alpha: Uint8Array, width: number, height: number, reach: number): Int32Array | null {
  // Pixels on either side of a difference…
  const differs = new Uint8Array(alpha.length);
  for (let y = 0; y < height; y++)
    for (let x = 0, p = y * width; x < width; x++, p++) {
      const v = alpha[p]!;
      if (x + 1 < width && alpha[p + 1] !== v) differs[p] = differs[p + 1] = 1;
      if (y + 1 < height && alpha[p + width] !== v) differs[p] = differs[p + width] = 1;
    }
  // …grown by `reach` along rows, then along columns (a running count over the window).
  const rows = new Uint8Array(alpha.length);
  for (let y = 0; y < height; y++) {
    const line = y * width;
    let inWindow = 0;
    for (let x = 0; x < Math.min(width, reach); x++) inWindow += differs[line + x]!;
    for (let x = 0; x < width; x++) {
      if (x + reach < width) inWindow += differs[line + x + reach]!;
      if (x - reach - 1 >= 0) inWindow -= differs[line + x - reach - 1]!;
      rows[line + x] = inWindow > 0 ? 1 : 0;
    }
  }
  const near = new Int32Array(alpha.length);
  const inColumn = new Int32Array(width);
  for (let y = 0; y < Math.min(height, reach); y++)
    for (let x = 0; x < width; x++) inColumn[x]! += rows[y * width + x]!;
  let count = 0;
  for (let y = 0; y < height; y++) {
    const entering = y + reach < height ? (y + reach) * width : -1;
    const leaving = y - reach - 1 >= 0 ? (y - reach - 1) * width : -1;
    for (let x = 0; x < width; x++) {
      if (entering >= 0) inColumn[x]! += rows[entering + x]!;
      if (leaving >= 0) inColumn[x]! -= rows[leaving + x]!;
      if (inColumn[x]! > 0) near[count++] = y * width + x;
    }
  }
  return count ? near.subarray(0, count) : null;
}

/**
 * Grey-level erosion (`max` false: the minimum of the 3×3 square around each pixel) or dilation (the
 * maximum), at the pixels listed in `at` only; the others are copied.
 */
function squareFilter(
  src: Uint8Array,
  width: number,
  height: number,
  at: Int32Array,
  max: boolean,
): Uint8Array {
  const out = new Uint8Array(src);
  const last = width * height - 1;
  for (let i = 0; i < at.length; i++) {
    const p = at[i]!;
    const x = p % width;
    const l = x > 0 ? -1 : 0;
    const r = x < width - 1 ? 1 : 0;
    let v = src[p]!;
    for (let row = p >= width ? p - width : p; row <= p + width && row <= last; row += width)
      for (let q = row + l; q <= row + r; q++) {
        const u = src[q]!;
        if (max ? u > v : u < v) v = u;
      }
    out[p] = v;
  }
  return out;
}

/** The box of the pixels that are not 0, `margin` wider (within the photo); null when there are none. */
function keptBox(alpha: Uint8Array, width: number, height: number, margin: number) {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++) {
      if (!alpha[p]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  if (x1 < 0) return null;
  return {
    x0: Math.max(0, x0 - margin),
    y0: Math.max(0, y0 - margin),
    x1: Math.min(width - 1, x1 + margin),
    y1: Math.min(height - 1, y1 + margin),
  };
}

/**
 * The alpha with specks narrower than 3 pixels taken away outside and filled inside the edge. The work
 * is done within the box of what is not 0, 2 pixels wider (the opening only lowers values; the closing's
 * one dilation then reaches a pixel past them), with the result the whole photo would give.
 */
export function withoutEdgeSpecks(alpha: Buffer, width: number, height: number): Buffer {
  const box = keptBox(alpha, width, height, 2);
  if (!box) return alpha;
  const { x0, y0, x1, y1 } = box;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const crop = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    crop.set(alpha.subarray((y0 + y) * width + x0, (y0 + y) * width + x1 + 1), y * w);
  // Four passes each reach a pixel further: beyond, nothing can change.
  const at = nearTheEdge(crop, w, h, 4);
  if (!at) return alpha;
  const opened = squareFilter(squareFilter(crop, w, h, at, false), w, h, at, true);
  const closed = squareFilter(squareFilter(opened, w, h, at, true), w, h, at, false);
  const out = Buffer.from(alpha);
  for (let y = 0; y < h; y++) out.set(closed.subarray(y * w, (y + 1) * w), (y0 + y) * width + x0);
  return out;
}
