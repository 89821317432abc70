/**
 * A crisp edge where the ground is busy. The edge filter (refine.ts) follows the photo's own colours:
 * before a plain wall or a blurred room its soft ramp is the photo's (a dog's fur, a defocused rim),
 * but beside a textured ground (granite, gravel, a rug) it cannot tell the ground's grains from the
 * product's edge and gives up into a ramp as wide as its window, flecked by the grains. Enlarged for a
 * story's hero, that ramp is the "glowing, fuzzy halo" of a candle on a stone. There, the ramp is
 * steepened about its middle to a couple of pixels; where the ground is plain it is left as it is.
 *
 * How busy the ground is: the grain of the photo's luma (what a 3 x 3 mean takes away: a gradient, a
 * defocused rim or a soft shadow leave next to nothing of it), its root mean square over 7 x 7 windows
 * that lie wholly in the background, averaged within GROUND_RADIUS of each edge pixel. Only a ramp
 * clearly wider than the window its slope is read over is steepened: an edge already a pixel or two
 * wide keeps its anti-aliasing.
 */
import type { RawImage } from '../image/sharp';
import { boxMean } from './box-filter';
import { boxWhere } from './mask-ops';

/** The width (pixels) a steepened ramp is brought to. */
const CRISP_WIDTH = 2;
/** The most a ramp is steepened (a ramp 20 pixels wide becomes 2). */
const MAX_GAIN = 10;
/** The window (radius, pixels) a grain's spread is read over. */
const GRAIN_RADIUS = 3;
/** The window (radius, pixels) the ramp's slope is averaged over, and its width. */
const SLOPE_RADIUS = 1;
const SLOPE_WINDOW = 2 * SLOPE_RADIUS + 1;
/** The share of the ground's window that must be ground for its grain to count in full. */
const LEAST_GROUND = 0.05;
/** How far from an edge pixel (radius, pixels) the ground beside it is read. */
const GROUND_RADIUS = 16;
/**
 * Below this grain of the ground's luma (0..1) the ground is plain and the edge is left alone; from the
 * second, steepened in full. A defocused wall or a studio sweep reads under 0.005, the fur photographed
 * before one under 0.01, granite, paving and gravel 0.03 to 0.1.
 */
const PLAIN_GROUND = 0.01;
const BUSY_GROUND = 0.03;

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
  const box = softBox(alpha, width, height, GROUND_RADIUS + GRAIN_RADIUS + 2);
  if (!box) return;
  const { x0, y0, w, h } = box;
  const n = w * h;
  // Over the box alone: luma, where the mask says background, and the slope of the filter's ramp
  // (central differences, one-sided at the photo's edges).
  const luma = new Float32Array(n);
  const outside = new Float32Array(n);
  const slope = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const fy = y + y0;
    const up = Math.max(0, fy - 1) * width;
    const down = Math.min(height - 1, fy + 1) * width;
    const rows = Math.min(height - 1, fy + 1) - Math.max(0, fy - 1);
    for (let x = 0, q = y * w; x < w; x++, q++) {
      const fx = x + x0;
      const p = fy * width + fx;
      const i = p * channels;
      luma[q] = (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) / 255;
      outside[q] = alpha[p] === 0 ? 1 : 0;
      const left = Math.max(0, fx - 1);
      const right = Math.min(width - 1, fx + 1);
      const gx = (soft[fy * width + right]! - soft[fy * width + left]!) / Math.max(1, right - left);
      const gy = (soft[down + fx]! - soft[up + fx]!) / Math.max(1, rows);
      slope[q] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  // The grain: luma less its 3 x 3 mean (a gradient, a defocused rim or a soft shadow leave next to
  // nothing), its mean square over the grain's window, counted where that whole window is background.
  const mean3 = boxMean(luma, w, h, 1);
  const grain = mean3;
  for (let q = 0; q < n; q++) {
    const d = luma[q]! - mean3[q]!;
    grain[q] = d * d;
  }
  const grainSquare = boxMean(grain, w, h, GRAIN_RADIUS);
  const wholly = boxMean(outside, w, h, GRAIN_RADIUS);
  // The buffers are used again: `outside` becomes "ground", `luma` the ground's grain.
  const ground = outside;
  const groundGrain = luma;
  for (let q = 0; q < n; q++) {
    const all = wholly[q]! > 0.999;
    ground[q] = all ? 1 : 0;
    groundGrain[q] = all ? grainSquare[q]! : 0;
  }
  const groundShare = boxMean(ground, w, h, GROUND_RADIUS);
  const groundSpread = boxMean(groundGrain, w, h, GROUND_RADIUS);
  const localSlope = boxMean(slope, w, h, SLOPE_RADIUS);
  for (let y = 0; y < h; y++) {
    for (let x = 0, q = y * w; x < w; x++, q++) {
      const p = (y + y0) * width + x + x0;
      const a = alpha[p]!;
      if (a === 0 || a === 255) continue;
      const share = groundShare[q]!;
      if (share <= 0) continue;
      const busy = Math.sqrt(groundSpread[q]! / share);
      // Busy enough, with enough ground in reach to tell.
      const ofGround =
        Math.min(1, Math.max(0, (busy - PLAIN_GROUND) / (BUSY_GROUND - PLAIN_GROUND))) *
        Math.min(1, share / LEAST_GROUND);
      if (ofGround === 0) continue;
      // The ramp's width in the alpha. Averaged over the slope's window, a ramp narrower than that
      // window reads as wide as it: only a ramp clearly wider is steepened.
      const rampWidth = 1 / (Math.max(1e-4, localSlope[q]!) * contrast);
      const wide = Math.min(1, Math.max(0, (rampWidth - SLOPE_WINDOW) / SLOPE_WINDOW));
      const gain = 1 + (Math.min(MAX_GAIN, Math.max(1, rampWidth / CRISP_WIDTH)) - 1) * ofGround * wide;
      const v = (a / 255 - 0.5) * gain + 0.5;
      alpha[p] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
    }
  }
}

/** The box around the alpha's soft pixels, grown by `margin` and clipped; null when there are none. */
function softBox(alpha: Buffer, width: number, height: number, margin: number) {
  const soft = boxWhere(width, height, (p) => alpha[p]! !== 0 && alpha[p]! !== 255);
  if (!soft) return null;
  const x0 = Math.max(0, soft.x0 - margin);
  const y0 = Math.max(0, soft.y0 - margin);
  const x1 = Math.min(width - 1, soft.x1 + margin);
  const y1 = Math.min(height - 1, soft.y1 + margin);
  return { x0, y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}
