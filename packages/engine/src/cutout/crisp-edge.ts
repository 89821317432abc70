/**
 * A crisp edge where the ground is busy. The edge filter (refine.ts) follows the photo's own colours:
 * before a plain wall or a blurred room its soft ramp is the photo's (a dog's fur, a defocused rim),
 * but beside a textured ground (granite, gravel, a rug) it cannot tell the ground's grains from the
 * product's edge and gives up into a ramp as wide as its window, flecked by the grains. Enlarged for a
 * story's hero, that ramp is the "glowing, fuzzy halo" of a candle on a stone. There, the ramp is
 * steepened about its middle to a couple of pixels; where the ground is plain it is left as it is.
 *
 * How busy the ground is: the spread (standard deviation) of the photo's luma over small windows, on
 * the background side only, averaged near each edge pixel.
 */
import type { RawImage } from '../image/sharp';
import { boxMean } from './box-filter';

/** The width (pixels) a steepened ramp is brought to. */
const CRISP_WIDTH = 2;
/** The most a ramp is steepened (a ramp 20 pixels wide becomes 2). */
const MAX_GAIN = 10;
/** The window (radius, pixels) a grain's spread is read over. */
const GRAIN_RADIUS = 3;
/** How far from an edge pixel (radius, pixels) the ground beside it is read. */
const GROUND_RADIUS = 16;
/**
 * Below this spread of the ground's luma (0..1) the ground is plain and the edge is left alone; from
 * the second, steepened in full. A defocused wall is about 0.01, granite and gravel 0.1 and more.
 */
const PLAIN_GROUND = 0.025;
const BUSY_GROUND = 0.06;

/**
 * Steepens, in place, the soft parts of `alpha` (full size, 0..255) that lie beside a busy ground in
 * `rgba`. `soft` is the ramp before the alpha's contrast (0..1), which gives the slope; `contrast` is
 * that contrast's gain (a ramp of `soft` `w` pixels wide is `w / contrast` in the alpha).
 */
export function crispOverBusyGround(
  rgba: RawImage,
  soft: Float32Array,
  alpha: Buffer,
  contrast: number,
): void {
  const { width, height, data, channels } = rgba;
  const box = softBox(alpha, width, height, GROUND_RADIUS + GRAIN_RADIUS + 1);
  if (!box) return;
  const { x0, y0, w, h } = box;
  const n = w * h;
  // Luma, its square and the slope of the ramp, over the box alone.
  const luma = new Float32Array(n);
  const lumaSquared = new Float32Array(n);
  const slope = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y + y0) * width + x + x0;
      const i = p * channels;
      const l = (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) / 255;
      const q = y * w + x;
      luma[q] = l;
      lumaSquared[q] = l * l;
      if (x + x0 > 0 && x + x0 < width - 1 && y + y0 > 0 && y + y0 < height - 1) {
        const gx = soft[p + 1]! - soft[p - 1]!;
        const gy = soft[p + width]! - soft[p - width]!;
        slope[q] = Math.hypot(gx, gy) / 2;
      }
    }
  }
  const mean = boxMean(luma, w, h, GRAIN_RADIUS);
  const meanSquared = boxMean(lumaSquared, w, h, GRAIN_RADIUS);
  // The grains' spread where the mask says background, and how much of each window is background.
  const ground = luma;
  const spread = lumaSquared;
  for (let y = 0; y < h; y++) {
    for (let x = 0, q = y * w; x < w; x++, q++) {
      const outside = alpha[(y + y0) * width + x + x0] === 0;
      ground[q] = outside ? 1 : 0;
      spread[q] = outside ? Math.max(0, meanSquared[q]! - mean[q]! * mean[q]!) : 0;
    }
  }
  const groundShare = boxMean(ground, w, h, GROUND_RADIUS);
  const groundSpread = boxMean(spread, w, h, GROUND_RADIUS);
  const localSlope = boxMean(slope, w, h, 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0, q = y * w; x < w; x++, q++) {
      const p = (y + y0) * width + x + x0;
      const a = alpha[p]!;
      if (a === 0 || a === 255) continue;
      const share = groundShare[q]!;
      const busy = share > 0.05 ? Math.sqrt(groundSpread[q]! / share) : 0;
      const weight = Math.min(1, Math.max(0, (busy - PLAIN_GROUND) / (BUSY_GROUND - PLAIN_GROUND)));
      if (weight === 0) continue;
      // The ramp's width in the alpha, and the gain that brings it to CRISP_WIDTH.
      const rampWidth = 1 / (Math.max(1e-4, localSlope[q]!) * contrast);
      const gain = 1 + (Math.min(MAX_GAIN, Math.max(1, rampWidth / CRISP_WIDTH)) - 1) * weight;
      const v = (a / 255 - 0.5) * gain + 0.5;
      alpha[p] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
    }
  }
}

/** The box around the alpha's soft pixels, grown by `margin` and clipped; null when there are none. */
function softBox(alpha: Buffer, width: number, height: number, margin: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      const a = alpha[p]!;
      if (a === 0 || a === 255) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  x1 = Math.min(width - 1, x1 + margin);
  y1 = Math.min(height - 1, y1 + margin);
  return { x0, y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}
