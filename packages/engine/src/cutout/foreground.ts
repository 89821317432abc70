/**
 * Colour decontamination of the soft edge: where alpha is partial, a pixel mixes the product with the
 * old background, and composited on a new scene it would carry a halo of it. The product's own colour
 * there is estimated by blur fusion (Forte and Pitié, "Approximate Fast Foreground Colour Estimation",
 * ICIP 2021): local means of the foreground and background colours, corrected so that the estimate
 * recomposes the observed pixel, first over a wide window (worked out at a quarter of the size: it is
 * a coarse estimate), then a narrow one at full size. Only the region around the edge is worked on.
 */
import { boxMean } from './box-filter';
import { resample, sample } from './refine';

type Rgb = [Float32Array, Float32Array, Float32Array];

/** One blur-fusion step: new foreground and background estimates from the current ones. */
function pass(
  image: Rgb,
  fore: Rgb,
  back: Rgb,
  alpha: Float32Array,
  w: number,
  h: number,
  r: number,
): [Rgb, Rgb] {
  const n = alpha.length;
  const meanAlpha = boxMean(alpha, w, h, r);
  const f: Rgb = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const b: Rgb = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const weighted = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    const fc = fore[c]!;
    const bc = back[c]!;
    for (let i = 0; i < n; i++) weighted[i] = fc[i]! * alpha[i]!;
    const meanF = boxMean(weighted, w, h, r);
    for (let i = 0; i < n; i++) weighted[i] = bc[i]! * (1 - alpha[i]!);
    const meanB = boxMean(weighted, w, h, r);
    const ic = image[c]!;
    const outF = f[c]!;
    const outB = b[c]!;
    for (let i = 0; i < n; i++) {
      const a = alpha[i]!;
      const bf = meanF[i]! / (meanAlpha[i]! + 1e-5);
      const bb = meanB[i]! / (1 - meanAlpha[i]! + 1e-5);
      const residual = ic[i]! - a * bf - (1 - a) * bb;
      const fv = bf + a * residual;
      const bv = bb + (1 - a) * residual;
      outF[i] = fv < 0 ? 0 : fv > 1 ? 1 : fv;
      outB[i] = bv < 0 ? 0 : bv > 1 ? 1 : bv;
    }
  }
  return [f, b];
}

/** Averages k x k blocks (the last block of a row or column may be smaller). */
function shrink(src: Float32Array, w: number, h: number, k: number): Float32Array {
  const sw = Math.ceil(w / k);
  const sh = Math.ceil(h / k);
  const out = new Float32Array(sw * sh);
  const counts = new Float32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / k) * sw;
    for (let x = 0; x < w; x++) {
      const o = row + Math.floor(x / k);
      out[o]! += src[y * w + x]!;
      counts[o]!++;
    }
  }
  for (let i = 0; i < out.length; i++) out[i]! /= counts[i]!;
  return out;
}

/** The bounding box of partial alpha, widened by `pad` and clipped to the image. */
function fringeBox(alpha: Float32Array, w: number, h: number, pad: number) {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = alpha[y * w + x]!;
      if (a <= 0.002 || a >= 0.998) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  return {
    x0: Math.max(0, x0 - pad),
    y0: Math.max(0, y0 - pad),
    x1: Math.min(w - 1, x1 + pad),
    y1: Math.min(h - 1, y1 + pad),
  };
}

/**
 * RGBA bytes of the cut-out: the estimated product colour where alpha is partial, the photo's own
 * pixels where it is solid, and `alpha` (0..1) as the alpha channel.
 */
export function decontaminate(
  photo: { data: Uint8Array; width: number; height: number; channels: number },
  alpha: Float32Array,
): Buffer {
  const { data, width, height, channels } = photo;
  const out = Buffer.alloc(width * height * 4);
  for (let i = 0, j = 0; i < alpha.length; i++, j += channels) {
    out[i * 4] = data[j]!;
    out[i * 4 + 1] = data[j + 1]!;
    out[i * 4 + 2] = data[j + 2]!;
    out[i * 4 + 3] = Math.round(alpha[i]! * 255);
  }
  const scale = Math.max(width, height) / 1000;
  const narrow = Math.max(2, Math.round(6 * scale));
  const region = fringeBox(alpha, width, height, Math.max(narrow * 4, Math.round(40 * scale)));
  if (!region) return out;
  const w = region.x1 - region.x0 + 1;
  const h = region.y1 - region.y0 + 1;
  const n = w * h;
  const image: Rgb = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const a = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p = (region.y0 + y) * width + region.x0 + x;
      const j = p * channels;
      image[0][i] = data[j]! / 255;
      image[1][i] = data[j + 1]! / 255;
      image[2][i] = data[j + 2]! / 255;
      a[i] = alpha[p]!;
    }
  }
  const k = 4;
  const sw = Math.ceil(w / k);
  const sh = Math.ceil(h / k);
  const small: Rgb = [shrink(image[0], w, h, k), shrink(image[1], w, h, k), shrink(image[2], w, h, k)];
  const smallAlpha = shrink(a, w, h, k);
  const [wideF, wideB] = pass(
    small,
    small,
    small,
    smallAlpha,
    sw,
    sh,
    Math.max(2, Math.round((90 * scale) / k)),
  );
  narrowPass(image, a, w, h, wideF, wideB, sw, sh, narrow, (i, f) => {
    const x = i % w;
    const y = (i - x) / w;
    const o = ((region.y0 + y) * width + region.x0 + x) * 4;
    out[o] = Math.round(f[0] * 255);
    out[o + 1] = Math.round(f[1] * 255);
    out[o + 2] = Math.round(f[2] * 255);
  });
  return out;
}

/**
 * The narrow blur-fusion step. Its local means of foreground and background are worked out at half
 * size (solid pixels are their own foreground or background, edge pixels start from the wide
 * estimate); the correction that makes the estimate recompose the observed colour is applied at full
 * size, at each edge pixel only.
 */
function narrowPass(
  image: Rgb,
  alpha: Float32Array,
  w: number,
  h: number,
  wideF: Rgb,
  wideB: Rgb,
  sw: number,
  sh: number,
  r: number,
  write: (i: number, f: [number, number, number]) => void,
): void {
  const hw = Math.ceil(w / 2);
  const hh = Math.ceil(h / 2);
  const n = hw * hh;
  const halfAlpha = shrink(alpha, w, h, 2);
  const hr = Math.max(1, Math.round(r / 2));
  const meanAlpha = boxMean(halfAlpha, hw, hh, hr);
  const meansF: Float32Array[] = [];
  const meansB: Float32Array[] = [];
  const weighted = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    const half = shrink(image[c]!, w, h, 2);
    const f = resample(wideF[c]!, sw, sh, hw, hh);
    const b = resample(wideB[c]!, sw, sh, hw, hh);
    for (let i = 0; i < n; i++) {
      const a = halfAlpha[i]!;
      const edge = a > 0.02 && a < 0.98;
      weighted[i] = (edge ? f[i]! : half[i]!) * a;
      b[i] = (edge ? b[i]! : half[i]!) * (1 - a);
    }
    const sumF = boxMean(weighted, hw, hh, hr);
    const sumB = boxMean(b, hw, hh, hr);
    for (let i = 0; i < n; i++) {
      sumF[i] = sumF[i]! / (meanAlpha[i]! + 1e-5);
      sumB[i] = sumB[i]! / (1 - meanAlpha[i]! + 1e-5);
    }
    meansF.push(sumF);
    meansB.push(sumB);
  }
  const f: [number, number, number] = [0, 0, 0];
  for (let y = 0, i = 0; y < h; y++) {
    const sy = (y + 0.5) / 2 - 0.5;
    for (let x = 0; x < w; x++, i++) {
      const a = alpha[i]!;
      if (a >= 0.98 || a <= 0) continue;
      const sx = (x + 0.5) / 2 - 0.5;
      for (let c = 0; c < 3; c++) {
        const bf = sample(meansF[c]!, hw, hh, sx, sy);
        const bb = sample(meansB[c]!, hw, hh, sx, sy);
        const v = bf + a * (image[c]![i]! - a * bf - (1 - a) * bb);
        f[c] = v < 0 ? 0 : v > 1 ? 1 : v;
      }
      write(i, f);
    }
  }
}
