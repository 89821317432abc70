/** Seeded smooth noise: a small random grid, smoothly interpolated, for paper, washes and strokes. */
import { Memo } from './memo';
import { randomSource } from './noise';

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * Smooth noise in 0..1 from `cellsX` by `cellsY` random values, interpolated across the image: few
 * cells across and many down give long horizontal streaks (wood grain), many both ways a fine texture.
 */
export function valueNoise(
  width: number,
  height: number,
  cellsX: number,
  cellsY: number,
  seed: number,
): Float32Array {
  const random = randomSource(seed);
  const w = Math.max(2, Math.round(cellsX));
  const h = Math.max(2, Math.round(cellsY));
  const cells = new Float32Array((w + 1) * (h + 1));
  for (let p = 0; p < cells.length; p++) cells[p] = random();
  // Per column: the cell on its left and the smoothed weight toward the next one; the same per row.
  const column = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const u = (x / Math.max(1, width - 1)) * (w - 1);
    column[x] = Math.min(w - 2, Math.floor(u));
    columnWeight[x] = smooth(u - column[x]!);
  }
  // Across one band of cells every row mixes the same two rows of interpolated values: they are
  // made once per band, and each pixel is one mix down.
  const top = new Float64Array(width);
  const bottom = new Float64Array(width);
  const out = new Float32Array(width * height);
  let band = -1;
  for (let y = 0, p = 0; y < height; y++) {
    const v = (y / Math.max(1, height - 1)) * (h - 1);
    const row = Math.min(h - 2, Math.floor(v));
    const ty = smooth(v - row);
    if (row !== band) {
      band = row;
      const r0 = row * (w + 1);
      const r1 = r0 + w + 1;
      for (let x = 0; x < width; x++) {
        const c = column[x]!;
        const tx = columnWeight[x]!;
        top[x] = cells[r0 + c]! + (cells[r0 + c + 1]! - cells[r0 + c]!) * tx;
        bottom[x] = cells[r1 + c]! + (cells[r1 + c + 1]! - cells[r1 + c]!) * tx;
      }
    }
    for (let x = 0; x < width; x++, p++) out[p] = top[x]! + (bottom[x]! - top[x]!) * ty;
  }
  return out;
}

/**
 * Noise fields of a canvas's size by their parameters: a few megabytes each. A hand-drawn request
 * uses five per variant: the memo holds a whole request's.
 */
const fields = new Memo<Float32Array>(24);

/** valueNoise, kept for the next variant with the same parameters (the same every request): read only. */
export function sharedNoise(
  width: number,
  height: number,
  cellsX: number,
  cellsY: number,
  seed: number,
): Float32Array {
  return fields.get(`${width} ${height} ${cellsX} ${cellsY} ${seed}`, () =>
    valueNoise(width, height, cellsX, cellsY, seed),
  );
}
