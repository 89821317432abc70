/**
 * The engine's integer pixel arithmetic in one place: gains in fixed point, clamping to a byte, and
 * the two lumas (Rec. 709 weights) the passes use. Per-pixel loops that run over a whole canvas (the
 * grading, light and grain rows, the vignette, the paper, the light leak) write the same arithmetic
 * inline, with GAIN_SHIFT and GAIN_ONE read into locals once: a call or an imported binding read per
 * pixel costs such a loop a tenth to a third more CPU (`npm run bench fixed-point`, docs/decisions/043).
 */
import type { RawImage } from '../image/sharp';

/** Gains are integers in 1/4096ths: v * gain >> GAIN_SHIFT. */
export const GAIN_SHIFT = 12;
/** A gain of one. */
export const GAIN_ONE = 1 << GAIN_SHIFT;

/** v times a gain in 1/GAIN_ONE (not clamped). */
export const applyGain = (v: number, gain: number) => (v * gain) >> GAIN_SHIFT;

export const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Perceived luminance of gamma-encoded values (Rec. 709 weights); good enough to grade with. */
export const luma709 = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * The same weights in 1/256ths (54 + 183 + 19 = 256), in integers: 0 to 255. The grading pass
 * indexes its tables with it.
 */
export const lumaQ8 = (r: number, g: number, b: number) => (54 * r + 183 * g + 19 * b) >> 8;

/** luma709 of every pixel of an image, into a float array. */
export function lumaPlane({ data, width, height, channels }: RawImage): Float32Array {
  const lum = new Float32Array(width * height);
  for (let p = 0; p < lum.length; p++) {
    const i = p * channels;
    lum[p] = luma709(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  return lum;
}
