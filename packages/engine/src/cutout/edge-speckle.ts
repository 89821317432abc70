/**
 * Specks along a cut-out's edge: where the product stands on a textured ground (gravel, grass, a
 * rug), the edge filter takes the ground's pale grains for the product and its dark grains for the
 * background, and the edge comes out ragged, flecked a few pixels either side. A grey-level opening
 * (a minimum, then a maximum, over a small square) takes away what is narrower than the square
 * outside the product; a closing (maximum, then minimum) fills what is narrower inside it. A dark
 * grain touching the edge from inside is taken as background (the opening comes first): a notch a
 * pixel deep.
 */

/** Grey-level erosion (min) or dilation (max) over a (2r+1)² square, separable, within a box. */
function squareFilter(
  src: Uint8Array,
  width: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  r: number,
  take: (a: number, b: number) => number,
): Uint8Array {
  const out = Uint8Array.from(src);
  const { x0, y0, x1, y1 } = box;
  const row = new Uint8Array(src.length);
  row.set(src);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      let v = src[y * width + x]!;
      for (let d = -r; d <= r; d++) {
        const nx = Math.min(x1, Math.max(x0, x + d));
        v = take(v, src[y * width + nx]!);
      }
      row[y * width + x] = v;
    }
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      let v = row[y * width + x]!;
      for (let d = -r; d <= r; d++) {
        const ny = Math.min(y1, Math.max(y0, y + d));
        v = take(v, row[ny * width + x]!);
      }
      out[y * width + x] = v;
    }
  return out;
}

/** The alpha with specks narrower than 2r+1 pixels taken away outside and filled inside the edge. */
export function withoutEdgeSpecks(alpha: Buffer, width: number, height: number, r: number): Buffer {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = alpha[y * width + x]!;
      if (v === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0 || r < 1) return alpha;
  const box = {
    x0: Math.max(0, x0 - 2 * r),
    y0: Math.max(0, y0 - 2 * r),
    x1: Math.min(width - 1, x1 + 2 * r),
    y1: Math.min(height - 1, y1 + 2 * r),
  };
  const min = (a: number, b: number) => (a < b ? a : b);
  const max = (a: number, b: number) => (a > b ? a : b);
  const opened = squareFilter(squareFilter(alpha, width, box, r, min), width, box, r, max);
  const closed = squareFilter(squareFilter(opened, width, box, r, max), width, box, r, min);
  return Buffer.from(closed.buffer, closed.byteOffset, closed.byteLength);
}
