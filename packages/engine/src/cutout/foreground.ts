/**
 * Colour decontamination of the soft edge: where alpha is partial, a pixel mixes the product with the
 * old background, and composited on a new scene it would carry a halo of it. The product's own colour
 * there is estimated by blur fusion (Forte and Pitié, "Approximate Fast Foreground Colour Estimation",
 * ICIP 2021): local means of the foreground and background colours, corrected so that the estimate
 * recomposes the observed pixel; first over a wide window, then a narrow one.
 *
 * The local means are smooth, so they are worked out at reduced size (a quarter for the wide window,
 * a half for the narrow one) around the edge only; the final correction, which uses each pixel's own
 * colour and alpha, is made at full size at the edge pixels alone.
 */
import { boxMean } from './box-filter';
import { boxWhere } from './mask-ops';
import { sample } from './refine';

type Rgb = [Float32Array, Float32Array, Float32Array];
type Region = { x0: number; y0: number; x1: number; y1: number };

/** Alpha this close to 0 or 1 is taken as solid: no mixing to undo. */
const SOLID = 0.02;

/** One blur-fusion step at one size: new foreground and background estimates from the current ones. */
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

/** The region's colour (0..1) and alpha averaged over 2x2 blocks, straight from the photo's bytes. */
function halfSize(
  data: Uint8Array,
  channels: number,
  width: number,
  alpha: Float32Array,
  region: Region,
): { image: Rgb; alpha: Float32Array; w: number; h: number } {
  const w = Math.ceil((region.x1 - region.x0 + 1) / 2);
  const h = Math.ceil((region.y1 - region.y0 + 1) / 2);
  const image: Rgb = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  const a = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = region.y0 + y * 2;
    const yb = Math.min(region.y1, ya + 1);
    for (let x = 0; x < w; x++) {
      const xa = region.x0 + x * 2;
      const xb = Math.min(region.x1, xa + 1);
      const o = y * w + x;
      const p00 = ya * width + xa;
      const p01 = ya * width + xb;
      const p10 = yb * width + xa;
      const p11 = yb * width + xb;
      const i00 = p00 * channels;
      const i01 = p01 * channels;
      const i10 = p10 * channels;
      const i11 = p11 * channels;
      const r = data[i00]! + data[i01]! + data[i10]! + data[i11]!;
      const g = data[i00 + 1]! + data[i01 + 1]! + data[i10 + 1]! + data[i11 + 1]!;
      const b = data[i00 + 2]! + data[i01 + 2]! + data[i10 + 2]! + data[i11 + 2]!;
      const s = alpha[p00]! + alpha[p01]! + alpha[p10]! + alpha[p11]!;
      image[0][o] = r / 1020;
      image[1][o] = g / 1020;
      image[2][o] = b / 1020;
      a[o] = s / 4;
    }
  }
  return { image, alpha: a, w, h };
}

/** Averages 2x2 blocks of a plane. */
function halve(src: Float32Array, w: number, h: number): Float32Array {
  const sw = Math.ceil(w / 2);
  const sh = Math.ceil(h / 2);
  const out = new Float32Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    const ya = y * 2 * w;
    const yb = Math.min(h - 1, y * 2 + 1) * w;
    for (let x = 0; x < sw; x++) {
      const xa = x * 2;
      const xb = Math.min(w - 1, xa + 1);
      out[y * sw + x] = (src[ya + xa]! + src[ya + xb]! + src[yb + xa]! + src[yb + xb]!) / 4;
    }
  }
  return out;
}

/** The bounding box of partial alpha, widened by `pad` and clipped to the image; null if none. */
function fringeBox(alpha: Float32Array, w: number, h: number, pad: number): Region | null {
  const fringe = boxWhere(w, h, (p) => alpha[p]! > SOLID && alpha[p]! < 1 - SOLID);
  if (!fringe) return null;
  return {
    x0: Math.max(0, fringe.x0 - pad),
    y0: Math.max(0, fringe.y0 - pad),
    x1: Math.min(w - 1, fringe.x1 + pad),
    y1: Math.min(h - 1, fringe.y1 + pad),
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
  for (let p = 0, i = 0, o = 0; p < alpha.length; p++, i += channels, o += 4) {
    out[o] = data[i]!;
    out[o + 1] = data[i + 1]!;
    out[o + 2] = data[i + 2]!;
    out[o + 3] = alpha[p]! * 255 + 0.5;
  }
  const scale = Math.max(width, height) / 1000;
  const narrow = Math.max(2, Math.round(6 * scale));
  const region = fringeBox(alpha, width, height, Math.max(narrow * 4, Math.round(40 * scale)));
  if (!region) return out;

  // Both windows' local means, at half and a quarter of the size.
  const half = halfSize(data, channels, width, alpha, region);
  const qw = Math.ceil(half.w / 2);
  const qh = Math.ceil(half.h / 2);
  const quarter: Rgb = [
    halve(half.image[0], half.w, half.h),
    halve(half.image[1], half.w, half.h),
    halve(half.image[2], half.w, half.h),
  ];
  const quarterAlpha = halve(half.alpha, half.w, half.h);
  const [wideF, wideB] = pass(
    quarter,
    quarter,
    quarter,
    quarterAlpha,
    qw,
    qh,
    Math.max(2, Math.round((90 * scale) / 4)),
  );

  // The narrow window starts from the wide estimate at edge pixels; solid pixels are their own
  // foreground (alpha 1) or background (alpha 0). Its sums come from summed-area tables at half size,
  // read only where the full-size alpha is partial.
  const hw = half.w;
  const hh = half.h;
  const stride = hw + 1;
  const tables = Array.from({ length: 7 }, () => new Float64Array(stride * (hh + 1)));
  const [sumA, ...sums] = tables as [Float64Array, ...Float64Array[]];
  const row = new Float64Array(7);
  for (let y = 0; y < hh; y++) {
    row.fill(0);
    const qy = (y + 0.5) / 2 - 0.5;
    for (let x = 0; x < hw; x++) {
      const i = y * hw + x;
      const a = half.alpha[i]!;
      const edge = a > SOLID && a < 1 - SOLID;
      const qx = (x + 0.5) / 2 - 0.5;
      row[0]! += a;
      for (let c = 0; c < 3; c++) {
        const own = half.image[c]![i]!;
        row[1 + c]! += (edge ? sample(wideF[c]!, qw, qh, qx, qy) : own) * a;
        row[4 + c]! += (edge ? sample(wideB[c]!, qw, qh, qx, qy) : own) * (1 - a);
      }
      const o = (y + 1) * stride + x + 1;
      const above = y * stride + x + 1;
      for (let t = 0; t < 7; t++) tables[t]![o] = tables[t]![above]! + row[t]!;
    }
  }
  const hr = Math.max(1, Math.round(narrow / 2));
  const windowSum = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    t[(y1 + 1) * stride + x1 + 1]! -
    t[y0 * stride + x1 + 1]! -
    t[(y1 + 1) * stride + x0]! +
    t[y0 * stride + x0]!;

  // The correction at each edge pixel, with its own colour and alpha.
  for (let y = region.y0; y <= region.y1; y++) {
    const hy = Math.min(hh - 1, (y - region.y0) >> 1);
    const y0 = Math.max(0, hy - hr);
    const y1 = Math.min(hh - 1, hy + hr);
    for (let x = region.x0; x <= region.x1; x++) {
      const p = y * width + x;
      const a = alpha[p]!;
      if (a <= 0 || a >= 1 - SOLID) continue;
      const hx = Math.min(hw - 1, (x - region.x0) >> 1);
      const x0 = Math.max(0, hx - hr);
      const x1 = Math.min(hw - 1, hx + hr);
      const area = (x1 - x0 + 1) * (y1 - y0 + 1);
      const meanA = windowSum(sumA, x0, y0, x1, y1) / area;
      const i = p * channels;
      for (let c = 0; c < 3; c++) {
        const bf = windowSum(sums[c]!, x0, y0, x1, y1) / area / (meanA + 1e-5);
        const bb = windowSum(sums[3 + c]!, x0, y0, x1, y1) / area / (1 - meanA + 1e-5);
        const v = bf + a * (data[i + c]! / 255 - a * bf - (1 - a) * bb);
        out[p * 4 + c] = (v < 0 ? 0 : v > 1 ? 1 : v) * 255 + 0.5;
      }
    }
  }
  return out;
}
