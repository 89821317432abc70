/** Measurements for image tests: luminance SSIM, Lab statistics and a perceptual distance. */
import { fromEngineFile, fromRaw, toRaw, type RawImage } from '../image/sharp';
import { labPixels } from '../pixels/color';
import { luma709 } from '../pixels/fixed-point';

export function luminance(image: RawImage): Float32Array {
  const { data, channels } = image;
  const out = new Float32Array(image.width * image.height);
  for (let p = 0; p < out.length; p++)
    out[p] = luma709(data[p * channels]!, data[p * channels + 1]!, data[p * channels + 2]!);
  return out;
}

/**
 * Mean SSIM of two luminance images over 8x8 windows (stride 4), counting only the windows where
 * `weight` (0..1, e.g. alpha) is at least 0.9 everywhere, when a weight is given.
 */
export function ssim(
  a: Float32Array,
  b: Float32Array,
  width: number,
  height: number,
  weight?: Float32Array,
): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let ok = true;
      let ma = 0;
      let mb = 0;
      for (let j = 0; j < 8 && ok; j++) {
        for (let i = 0; i < 8; i++) {
          const p = (y + j) * width + x + i;
          if (weight && weight[p]! < 0.9) ok = false;
          ma += a[p]!;
          mb += b[p]!;
        }
      }
      if (!ok) continue;
      ma /= 64;
      mb /= 64;
      let va = 0;
      let vb = 0;
      let cov = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const p = (y + j) * width + x + i;
          va += (a[p]! - ma) ** 2;
          vb += (b[p]! - mb) ** 2;
          cov += (a[p]! - ma) * (b[p]! - mb);
        }
      }
      va /= 63;
      vb /= 63;
      cov /= 63;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return windows ? total / windows : 0;
}

export type LabStats = { meanL: number; meanA: number; meanB: number; meanChroma: number };

/** Mean Lab and chroma of an image, leaving out pixels inside `exclude` (e.g. the product). */
export function labStats(
  image: RawImage,
  exclude?: { x: number; y: number; width: number; height: number },
): LabStats {
  const lab = labPixels(image.data, image.channels);
  let n = 0;
  const sum = { l: 0, a: 0, b: 0, c: 0 };
  for (let p = 0; p < image.width * image.height; p++) {
    const x = p % image.width;
    const y = Math.floor(p / image.width);
    if (
      exclude &&
      x >= exclude.x &&
      x < exclude.x + exclude.width &&
      y >= exclude.y &&
      y < exclude.y + exclude.height
    )
      continue;
    const [l, a, b] = [lab[p * 3]!, lab[p * 3 + 1]!, lab[p * 3 + 2]!];
    sum.l += l;
    sum.a += a;
    sum.b += b;
    sum.c += Math.hypot(a, b);
    n++;
  }
  return { meanL: sum.l / n, meanA: sum.a / n, meanB: sum.b / n, meanChroma: sum.c / n };
}

/** Mean ΔE76 between two same-sized images: above ~10, people call them clearly different pictures. */
export function meanDeltaE(a: RawImage, b: RawImage): number {
  const la = labPixels(a.data, a.channels);
  const lb = labPixels(b.data, b.channels);
  let sum = 0;
  for (let i = 0; i < la.length; i += 3) {
    sum += Math.hypot(la[i]! - lb[i]!, la[i + 1]! - lb[i + 1]!, la[i + 2]! - lb[i + 2]!);
  }
  return sum / (la.length / 3);
}

export const decodeOutput = (file: Buffer) => toRaw(fromEngineFile(file).removeAlpha());

export const shrink = (image: RawImage, width: number, height: number) =>
  toRaw(fromRaw(image).resize(width, height, { fit: 'fill' }));

/**
 * How much of a scene's structure survives its grading: luminance SSIM at a quarter of the size (the
 * structure a viewer reads; grain, scanlines and a depth of field's blur are texture, not structure),
 * leaving out the given rectangles (the product, the text).
 */
export async function sceneSimilarity(
  graded: RawImage,
  original: RawImage,
  leaveOut: { x: number; y: number; width: number; height: number }[],
): Promise<number> {
  const width = Math.round(graded.width / 4);
  const height = Math.round(graded.height / 4);
  const [a, b] = await Promise.all(
    [graded, original].map((image) => toRaw(fromRaw(image).resize(width, height, { fit: 'fill' }))),
  );
  const weight = new Float32Array(width * height).fill(1);
  for (const r of leaveOut) {
    for (let y = Math.max(0, Math.floor(r.y / 4)); y < Math.min(height, Math.ceil((r.y + r.height) / 4)); y++)
      for (let x = Math.max(0, Math.floor(r.x / 4)); x < Math.min(width, Math.ceil((r.x + r.width) / 4)); x++)
        weight[y * width + x] = 0;
  }
  return ssim(luminance(a!), luminance(b!), width, height, weight);
}
