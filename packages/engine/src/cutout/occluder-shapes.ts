/**
 * Shapes behind ground-occluders.ts, on one rectangle of the photo (`Area`) with its own row-major
 * arrays (1 byte a pixel): which pixels lie within a distance of a set, the product's lowest line,
 * and the ground that is closed in by what stays.
 */

export type Area = { x0: number; y0: number; x1: number; y1: number; width: number; height: number };

export const areaOf = (x0: number, y0: number, x1: number, y1: number): Area => ({
  x0,
  y0,
  x1,
  y1,
  width: x1 - x0 + 1,
  height: y1 - y0 + 1,
});

/**
 * 1 where a pixel lies within `reach` pixels of one where `seed` is 1, by a chamfer distance (3 along
 * a row or column, 4 across a diagonal): two passes over the area, whatever the reach.
 */
export function within(seed: Uint8Array, area: Area, reach: number): Uint8Array {
  const { width: w, height: h } = area;
  const far = 3 * reach + 4;
  const d = new Int32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = seed[i] ? 0 : far;
  for (let y = 0; y < h; y++)
    for (let x = 0, i = y * w; x < w; x++, i++) {
      let v = d[i]!;
      if (x > 0 && d[i - 1]! + 3 < v) v = d[i - 1]! + 3;
      if (y > 0) {
        if (d[i - w]! + 3 < v) v = d[i - w]! + 3;
        if (x > 0 && d[i - w - 1]! + 4 < v) v = d[i - w - 1]! + 4;
        if (x + 1 < w && d[i - w + 1]! + 4 < v) v = d[i - w + 1]! + 4;
      }
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1, i = y * w + x; x >= 0; x--, i--) {
      let v = d[i]!;
      if (x + 1 < w && d[i + 1]! + 3 < v) v = d[i + 1]! + 3;
      if (y + 1 < h) {
        if (d[i + w]! + 3 < v) v = d[i + w]! + 3;
        if (x + 1 < w && d[i + w + 1]! + 4 < v) v = d[i + w + 1]! + 4;
        if (x > 0 && d[i + w - 1]! + 4 < v) v = d[i + w - 1]! + 4;
      }
      d[i] = v;
    }
  const near = new Uint8Array(w * h);
  for (let i = 0; i < near.length; i++) near[i] = d[i]! <= 3 * reach ? 1 : 0;
  return near;
}

/**
 * Each column's lowest product pixel (row within the area), closed over `reach` columns either side
 * (closedLine: a notch a tuft cut into the base is lifted to the base beside it), then averaged over a
 * third of the reach (a line that runs, not steps). A column without product is -1.
 */
export function closedBase(product: Uint8Array, area: Area, reach: number): Int32Array {
  const { width: n, height: h } = area;
  const lowest = new Int32Array(n).fill(-1);
  for (let y = 0; y < h; y++) for (let x = 0; x < n; x++) if (product[y * n + x]) lowest[x] = y;
  const closed = closedLine(lowest, reach);
  const run = Math.max(1, Math.round(reach / 3));
  const line = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (closed[i]! < 0) continue;
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - run); j <= Math.min(n - 1, i + run); j++)
      if (closed[j]! >= 0) {
        sum += closed[j]!;
        count++;
      }
    line[i] = Math.round(sum / count);
  }
  return line;
}

/**
 * A line of rows (-1 where a column has none) closed over `reach` columns either side: the largest
 * within reach, then the smallest of those. A dip narrower than the reach is lifted to the line
 * beside it; a wider one stays.
 */
export function closedLine(line: Int32Array, reach: number): Int32Array {
  const n = line.length;
  const deepest = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let m = -1;
    for (let j = Math.max(0, i - reach); j <= Math.min(n - 1, i + reach); j++) m = Math.max(m, line[j]!);
    deepest[i] = m;
  }
  const closed = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (line[i]! < 0) continue;
    let m = Infinity;
    for (let j = Math.max(0, i - reach); j <= Math.min(n - 1, i + reach); j++)
      if (deepest[j]! >= 0) m = Math.min(m, deepest[j]!);
    closed[i] = m;
  }
  return closed;
}

/**
 * The pixels the outside reaches: those of `seeds` with a neighbour outside (`outside`, 1 where a pixel
 * of the area is not in the mask; beyond the area's left, right and lower borders as `openBorder`
 * says; above it, never), and from them every pixel of `through` joined to one (by a side, or by a
 * corner too when `corners`).
 */
export function reachedFromOutside(
  seeds: Uint8Array,
  through: Uint8Array,
  outside: Uint8Array,
  area: Area,
  openBorder: { left: boolean; right: boolean; bottom: boolean },
  corners: boolean,
): Uint8Array {
  const { width: w, height: h } = area;
  const reached = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let top = 0;
  const isOutside = (x: number, y: number) =>
    x < 0
      ? openBorder.left
      : x >= w
        ? openBorder.right
        : y >= h
          ? openBorder.bottom
          : y >= 0 && outside[y * w + x] === 1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (
        seeds[i] &&
        (isOutside(x - 1, y) || isOutside(x + 1, y) || isOutside(x, y - 1) || isOutside(x, y + 1))
      ) {
        reached[i] = 1;
        stack[top++] = i;
      }
    }
  while (top) {
    const i = stack[--top]!;
    const x = i % w;
    const y = (i - x) / w;
    for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++)
      for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
        if (!corners && nx !== x && ny !== y) continue;
        const j = ny * w + nx;
        if (through[j] && !reached[j]) {
          reached[j] = 1;
          stack[top++] = j;
        }
      }
  }
  return reached;
}
