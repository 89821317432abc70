/** Operations on single-channel masks: flood fill, connected components, erosion, outline length. */

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
