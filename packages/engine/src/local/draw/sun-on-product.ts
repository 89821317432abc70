/**
 * A clear sun's light on the product's own volume: each row of the product is taken as a section of a
 * rounded body (a jar, a bottle, a bag seen from the front), lit on the sun's side and falling into
 * shade on the other across that section's width, so the light follows the silhouette rather than
 * lying over the product's box as one gradient. The sections' sides are smoothed over nearby rows: a
 * handle or a spout that widens a few rows does not draw a seam across the body.
 */
import type { RawImage } from '../../image/sharp';

/** Under a clear sun, the lit side of a product this much brighter, the far side this much darker. */
const SUN_LIT = 0.12;
const SUN_SHADE = 0.22;
/** The rows either side a section's sides are averaged over, as a share of the product's height. */
const SMOOTH_ROWS = 0.08;

export class SunOnProduct {
  private readonly out: Float32Array;
  /** Per row, the section's middle and half-width (0 where the row has no solid pixel). */
  private readonly middle: Float32Array;
  private readonly half: Float32Array;

  /**
   * `toward` is +1 for a sun on the right, -1 on the left; `sun` (0 to 1) how clear it is; `from` the
   * first column drawn, in the product's pixels, and `width` how many are.
   */
  constructor(
    product: RawImage,
    private readonly toward: 1 | -1,
    private readonly sun: number,
    private readonly from: number,
    width: number,
  ) {
    this.out = new Float32Array(width);
    const { data, width: w, height } = product;
    const left = new Float32Array(height).fill(-1);
    const right = new Float32Array(height).fill(-1);
    for (let y = 0; y < height; y++)
      for (let x = 0, i = y * w * 4 + 3; x < w; x++, i += 4)
        if (data[i]! >= 128) {
          if (left[y]! < 0) left[y] = x;
          right[y] = x;
        }
    this.middle = new Float32Array(height);
    this.half = new Float32Array(height);
    const reach = Math.max(1, Math.round(height * SMOOTH_ROWS));
    for (let y = 0; y < height; y++) {
      if (left[y]! < 0) continue;
      let l = 0;
      let r = 0;
      let n = 0;
      for (let k = Math.max(0, y - reach); k <= Math.min(height - 1, y + reach); k++)
        if (left[k]! >= 0) {
          l += left[k]!;
          r += right[k]!;
          n++;
        }
      this.middle[y] = (l + r) / 2 / n;
      this.half[y] = (r - l) / 2 / n;
    }
  }

  /** Row y's gains (`gains` per column, times the sun's), valid until the next call. */
  row(y: number, gains: Float32Array): Float32Array {
    const { out, from } = this;
    const half = this.half[y]!;
    if (half < 1) {
      out.set(gains);
      return out;
    }
    const middle = this.middle[y]!;
    for (let x = 0; x < out.length; x++) {
      // Across the section from -1 (its left side) to 1 (its right side), turned toward the sun.
      const across = Math.max(-1, Math.min(1, (from + x - middle) / half)) * this.toward;
      // A rounded body's shade falls off faster past its middle than its light rises before it.
      const gain = across >= 0 ? SUN_LIT * across : -SUN_SHADE * Math.min(1, -across * 1.4) ** 1.5;
      out[x] = gains[x]! * (1 + this.sun * gain);
    }
    return out;
  }
}
