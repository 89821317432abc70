/**
 * Mean over a (2r+1)² window, clipped at the image edges: running sums along rows, then down the
 * columns a whole row at a time (so memory is read in order), O(1) per pixel whatever the radius.
 */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const rows = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    const first = Math.min(r, width - 1);
    for (let x = 0; x <= first; x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      const add = x + r;
      const drop = x - r - 1;
      if (x > 0 && add < width) sum += src[row + add]!;
      if (drop >= 0) sum -= src[row + drop]!;
      rows[row + x] = sum;
    }
  }
  // Column counts: how many columns each x's window holds.
  const across = new Float32Array(width);
  for (let x = 0; x < width; x++) across[x] = 1 / (Math.min(width - 1, x + r) - Math.max(0, x - r) + 1);
  const out = new Float32Array(src.length);
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) sums[x]! += rows[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const add = y + r;
    const drop = y - r - 1;
    if (y > 0 && add < height) {
      const row = add * width;
      for (let x = 0; x < width; x++) sums[x]! += rows[row + x]!;
    }
    if (drop >= 0) {
      const row = drop * width;
      for (let x = 0; x < width; x++) sums[x]! -= rows[row + x]!;
    }
    const down = 1 / (Math.min(height - 1, add) - Math.max(0, y - r) + 1);
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = sums[x]! * across[x]! * down;
  }
  return out;
}
