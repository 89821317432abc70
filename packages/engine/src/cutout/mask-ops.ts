/**
 * Operations on masks: flood fill, connected components, erosion, outline length, the box around some
 * pixels, a box cleared, a cut-out cropped to what is visible.
 */
import type { CutoutBox } from '@vitrine/shared/api/cutout';
import type { RawImage } from '../image/sharp';

/** The smallest box (inclusive pixels) around the pixels `p` where `inside(p)`; null when there are none. */
export function boxWhere(
  width: number,
  height: number,
  inside: (p: number) => boolean,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++)
      if (inside(p)) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** Marks every pixel reachable from the image border through pixels where `open` is true. */
export function floodFromBorder(width: number, height: number, open: (p: number) => boolean): Uint8Array {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  let top = 0;
  const push = (p: number) => {
    if (!seen[p] && open(p)) {
      seen[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < (height - 1) * width) push(p + width);
  }
  return seen;
}

/** Keeps the components of `mask` whose area is at least `minShare` of the largest one. */
export function keepMainComponents(mask: Uint8Array, width: number, minShare: number): Uint8Array {
  const labels = new Int32Array(mask.length);
  const areas = [0];
  const stack = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = areas.length;
    let area = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top]!;
      area++;
      const x = p % width;
      // Inlined neighbours: this loop runs once per product pixel.
      const left = p - 1;
      const right = p + 1;
      const up = p - width;
      const down = p + width;
      if (x > 0 && mask[left] && !labels[left]) {
        labels[left] = label;
        stack[top++] = left;
      }
      if (x < width - 1 && mask[right] && !labels[right]) {
        labels[right] = label;
        stack[top++] = right;
      }
      if (up >= 0 && mask[up] && !labels[up]) {
        labels[up] = label;
        stack[top++] = up;
      }
      if (down < mask.length && mask[down] && !labels[down]) {
        labels[down] = label;
        stack[top++] = down;
      }
    }
    areas.push(area);
  }
  const largest = Math.max(0, ...areas);
  const kept = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++)
    if (labels[p] && areas[labels[p]!]! >= largest * minShare) kept[p] = 1;
  return kept;
}

/** One-pixel erosion (4-neighbourhood): drops the ring of edge pixels that mix product and backdrop. */
export function erode(mask: Uint8Array, width: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) {
    const x = p % width;
    out[p] =
      mask[p] && x > 0 && x < width - 1 && mask[p - 1] && mask[p + 1] && mask[p - width] && mask[p + width]
        ? 1
        : 0;
  }
  return out;
}

/** Edge pixels (a 4-neighbour outside the mask) divided by a circle's perimeter of the same area. */
export function raggedness(mask: Uint8Array, width: number): number {
  let area = 0;
  let edge = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    area++;
    const x = p % width;
    if (x === 0 || x === width - 1 || !mask[p - 1] || !mask[p + 1] || !mask[p - width] || !mask[p + width])
      edge++;
  }
  return area ? edge / (2 * Math.sqrt(Math.PI * area)) : Infinity;
}

/** Zeroes the alpha outside a box given in fractions of the photo, rounded to the nearest pixel. */
export function clearOutsideBox(alpha: Buffer, width: number, height: number, box: CutoutBox): void {
  const x0 = Math.max(0, Math.round(box.x * width));
  const y0 = Math.max(0, Math.round(box.y * height));
  const x1 = Math.min(width, Math.round((box.x + box.width) * width));
  const y1 = Math.min(height, Math.round((box.y + box.height) * height));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (y < y0 || y >= y1) {
      alpha.fill(0, row, row + width);
      continue;
    }
    alpha.fill(0, row, row + x0);
    alpha.fill(0, row + x1, row + width);
  }
}

/** Crops to the pixels that are visible at all. */
export function trim(rgba: RawImage): { image: RawImage; offset: { x: number; y: number } } {
  const { data, width, height } = rgba;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 8) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { image: rgba, offset: { x: 0, y: 0 } };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    data.copy(out, y * w * 4, ((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4);
  return { image: { data: out, width: w, height: h, channels: 4 }, offset: { x: x0, y: y0 } };
}
