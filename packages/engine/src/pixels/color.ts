/** Colour maths on 8-bit sRGB pixels: linearisation and CIELAB (D65), used to measure and to segment. */
import type { Rgb } from '../art-direction/types';
import { fromRaw, guard, type RawImage } from '../image/sharp';

const LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** CIELAB of one sRGB pixel, written into out[at..at+2]. */
export function rgbToLab(r: number, g: number, b: number, out: Float32Array, at: number): void {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const x = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const y = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  out[at] = 116 * y - 16;
  out[at + 1] = 500 * (x - y);
  out[at + 2] = 200 * (y - z);
}

/** Lab of every pixel (3 floats each) of an interleaved 8-bit image with `channels` channels. */
export function labPixels(data: Uint8Array, channels: number): Float32Array {
  const count = data.length / channels;
  const lab = new Float32Array(count * 3);
  for (let p = 0; p < count; p++) {
    const i = p * channels;
    rgbToLab(data[i]!, data[i + 1]!, data[i + 2]!, lab, p * 3);
  }
  return lab;
}

/** A colour as CSS hex (#rrggbb), each channel rounded and clamped to a byte. */
export const hexOf = (rgb: readonly number[]) =>
  '#' +
  rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** The colour a fraction `t` of the way from `a` to `b`. */
export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((c) => a[c]! + (b[c]! - a[c]!) * t) as unknown as Rgb;

/** CIELAB of a whole image (3 floats per pixel), converted by libvips. */
/** The Sobel gradient magnitude of a one-value-per-pixel image at pixel p (not on the border). */
export function sobelAt(values: ArrayLike<number>, p: number, width: number): number {
  const gx =
    values[p - width + 1]! +
    2 * values[p + 1]! +
    values[p + width + 1]! -
    values[p - width - 1]! -
    2 * values[p - 1]! -
    values[p + width - 1]!;
  const gy =
    values[p + width - 1]! +
    2 * values[p + width]! +
    values[p + width + 1]! -
    values[p - width - 1]! -
    2 * values[p - width]! -
    values[p - width + 1]!;
  return Math.sqrt(gx * gx + gy * gy);
}

export async function labImage(image: RawImage): Promise<Float32Array> {
  let pipeline = fromRaw(image);
  if (image.channels === 4) pipeline = pipeline.removeAlpha();
  const { data } = await guard(
    pipeline.toColourspace('lab').raw({ depth: 'float' }).toBuffer({ resolveWithObject: true }),
  );
  // A view needs 4-byte alignment; copy in the rare case the pool gave an odd offset.
  const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}
