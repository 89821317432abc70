/**
 * Where the main subject probably is, before any segmentation: a saliency map from 0 to 1 built from
 * what a photo's borders say about its background.
 *
 * - Boundary connectivity: the minimum barrier distance of each pixel to the border (Zhang et al.,
 *   "Minimum Barrier Salient Object Detection at 80 FPS", ICCV 2015, raster-scan approximation). The
 *   background is what the border reaches without crossing a strong change.
 * - Border colour contrast: how far a pixel's colour is from each border band's colour distribution
 *   (Mahalanobis distance), the band most unlike the others left out (the product may touch one side).
 * - A mild centre prior: shop photos put the product near the middle.
 */
import { resample } from './refine';

/** Minimum barrier distance to the border on one channel, accumulated into `out`. */
function barrierDistance(values: Float32Array, width: number, height: number, out: Float32Array): void {
  const count = width * height;
  const distance = new Float32Array(count).fill(Infinity);
  const high = Float32Array.from(values);
  const low = Float32Array.from(values);
  for (let x = 0; x < width; x++) {
    distance[x] = 0;
    distance[count - width + x] = 0;
  }
  for (let y = 0; y < height; y++) {
    distance[y * width] = 0;
    distance[y * width + width - 1] = 0;
  }
  const relax = (p: number, q: number) => {
    const v = values[p]!;
    const u = high[q]! > v ? high[q]! : v;
    const l = low[q]! < v ? low[q]! : v;
    if (u - l < distance[p]!) {
      distance[p] = u - l;
      high[p] = u;
      low[p] = l;
    }
  };
  for (let pass = 0; pass < 3; pass++) {
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1, p = y * width + 1; x < width - 1; x++, p++) {
        relax(p, p - 1);
        relax(p, p - width);
      }
    }
    for (let y = height - 2; y > 0; y--) {
      for (let x = width - 2, p = y * width + x; x > 0; x--, p--) {
        relax(p, p + 1);
        relax(p, p + width);
      }
    }
  }
  for (let p = 0; p < count; p++) out[p]! += distance[p]!;
}

/** Mean and inverse covariance of the Lab colours of the pixels listed. */
function colourModel(lab: Float32Array, pixels: number[]): { mean: number[]; inverse: number[] } {
  const mean = [0, 0, 0];
  for (const p of pixels) for (let c = 0; c < 3; c++) mean[c]! += lab[p * 3 + c]!;
  for (let c = 0; c < 3; c++) mean[c]! /= Math.max(1, pixels.length);
  const cov = new Array<number>(9).fill(0);
  for (const p of pixels) {
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        cov[i * 3 + j]! += (lab[p * 3 + i]! - mean[i]!) * (lab[p * 3 + j]! - mean[j]!);
  }
  // A floor on the variance: a perfectly flat backdrop must not make every other colour infinitely far.
  for (let i = 0; i < 9; i++) cov[i]! /= Math.max(1, pixels.length);
  for (let i = 0; i < 3; i++) cov[i * 4]! += 4;
  const [a, b, c, d, e, f, g, h, k] = cov as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const det = a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
  const inv = [
    e * k - f * h,
    c * h - b * k,
    b * f - c * e,
    f * g - d * k,
    a * k - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  return { mean, inverse: inv.map((v) => v / det) };
}

function normalise(values: Float32Array): Float32Array {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  if (max > 0) for (let p = 0; p < values.length; p++) values[p]! /= max;
  return values;
}

/** Colour contrast to the four border bands, leaving out the band most unlike the rest. */
function borderContrast(lab: Float32Array, width: number, height: number): Float32Array {
  const band = Math.max(2, Math.round(0.05 * Math.min(width, height)));
  const bands: number[][] = [[], [], [], []];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (y < band) bands[0]!.push(p);
      if (y >= height - band) bands[1]!.push(p);
      if (x < band) bands[2]!.push(p);
      if (x >= width - band) bands[3]!.push(p);
    }
  }
  const maps = bands.map((pixels) => {
    const { mean, inverse } = colourModel(lab, pixels);
    const map = new Float32Array(width * height);
    for (let p = 0; p < map.length; p++) {
      const d0 = lab[p * 3]! - mean[0]!;
      const d1 = lab[p * 3 + 1]! - mean[1]!;
      const d2 = lab[p * 3 + 2]! - mean[2]!;
      const m =
        d0 * (inverse[0]! * d0 + inverse[1]! * d1 + inverse[2]! * d2) +
        d1 * (inverse[3]! * d0 + inverse[4]! * d1 + inverse[5]! * d2) +
        d2 * (inverse[6]! * d0 + inverse[7]! * d1 + inverse[8]! * d2);
      map[p] = Math.sqrt(Math.max(0, m));
    }
    return normalise(map);
  });
  const out = new Float32Array(width * height);
  for (let p = 0; p < out.length; p++) {
    let sum = 0;
    let max = 0;
    for (const map of maps) {
      sum += map[p]!;
      if (map[p]! > max) max = map[p]!;
    }
    out[p] = sum - max;
  }
  return normalise(out);
}

/** Otsu's threshold of values in 0..1 (256 bins). */
export function otsu(values: Float32Array): number {
  const bins = new Float64Array(256);
  for (const v of values) bins[Math.min(255, Math.max(0, Math.round(v * 255)))]!++;
  const total = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * bins[i]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    below += bins[i]!;
    if (!below) continue;
    const above = total - below;
    if (!above) break;
    belowSum += i * bins[i]!;
    const between = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return (threshold + 0.5) / 255;
}

/**
 * Barrier distance summed over the three Lab channels, worked out at half size (it is smooth: the
 * detail comes later, from GrabCut and the edge refinement) and brought back to full size.
 */
function barrierMap(lab: Float32Array, width: number, height: number): Float32Array {
  const w = Math.max(2, width >> 1);
  const h = Math.max(2, height >> 1);
  const half = new Float32Array(w * h);
  const barrier = new Float32Array(w * h);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < h; y++) {
      const y0 = Math.min(height - 1, y * 2);
      const y1 = Math.min(height - 1, y0 + 1);
      for (let x = 0; x < w; x++) {
        const x0 = Math.min(width - 1, x * 2);
        const x1 = Math.min(width - 1, x0 + 1);
        half[y * w + x] =
          (lab[(y0 * width + x0) * 3 + c]! +
            lab[(y0 * width + x1) * 3 + c]! +
            lab[(y1 * width + x0) * 3 + c]! +
            lab[(y1 * width + x1) * 3 + c]!) /
          4;
      }
    }
    barrierDistance(half, w, h, barrier);
  }
  return resample(barrier, w, h, width, height);
}

export function saliencyMap(lab: Float32Array, width: number, height: number): Float32Array {
  const count = width * height;
  const barrier = normalise(barrierMap(lab, width, height));
  const contrast = borderContrast(lab, width, height);
  const map = new Float32Array(count);
  for (let y = 0, p = 0; y < height; y++) {
    const dy = (y / (height - 1) - 0.5) / 0.45;
    for (let x = 0; x < width; x++, p++) {
      const dx = (x / (width - 1) - 0.5) / 0.45;
      const centre = 0.6 + 0.4 * Math.exp(-(dx * dx + dy * dy));
      map[p] = (barrier[p]! + contrast[p]!) * centre;
    }
  }
  normalise(map);
  // Contrast enhancement around the map's own threshold: a clear inside and outside for the seeds.
  const t = otsu(map);
  for (let p = 0; p < count; p++) map[p] = 1 / (1 + Math.exp(-10 * (map[p]! - t)));
  return map;
}
