/**
 * The edge at full resolution: the coarse mask found on the small analysis copy, made to follow the
 * photo's own edges with a guided filter (He, Sun and Tang, "Guided Image Filtering", TPAMI 2013), in
 * its fast form (coefficients found at half size, applied at full size). The result is a soft alpha:
 * hair, fur and anti-aliased outlines get partial values, flat areas stay 0 or 1.
 */
import { boxMean } from './box-filter';

export type Planes = { r: Float32Array; g: Float32Array; b: Float32Array; width: number; height: number };

/** The RGB channels of an interleaved 8-bit image as planes in 0..1, optionally halved in size. */
export function planesOf(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
  step = 1,
): Planes {
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  for (let y = 0, o = 0; y < h; y++) {
    const sy = Math.min(height - 1, y * step);
    for (let x = 0; x < w; x++, o++) {
      const i = (sy * width + Math.min(width - 1, x * step)) * channels;
      r[o] = data[i]! / 255;
      g[o] = data[i + 1]! / 255;
      b[o] = data[i + 2]! / 255;
    }
  }
  return { r, g, b, width: w, height: h };
}

/** Bilinear resampling of a plane to another size (pixel centres aligned). */
export function resample(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh);
  const fx = sw / dw;
  const fy = sh / dh;
  const x0s = new Int32Array(dw);
  const wxs = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const sx = Math.min(sw - 1, Math.max(0, (x + 0.5) * fx - 0.5));
    x0s[x] = Math.min(sw - 2, Math.floor(sx));
    wxs[x] = sx - x0s[x]!;
    if (sw === 1) {
      x0s[x] = 0;
      wxs[x] = 0;
    }
  }
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(sh - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = sh === 1 ? 0 : Math.min(sh - 2, Math.floor(sy));
    const wy = sh === 1 ? 0 : sy - y0;
    const row0 = y0 * sw;
    const row1 = sh === 1 ? row0 : row0 + sw;
    for (let x = 0, o = y * dw; x < dw; x++, o++) {
      const x0 = x0s[x]!;
      const x1 = sw === 1 ? x0 : x0 + 1;
      const wx = wxs[x]!;
      const top = src[row0 + x0]! + (src[row0 + x1]! - src[row0 + x0]!) * wx;
      const bottom = src[row1 + x0]! + (src[row1 + x1]! - src[row1 + x0]!) * wx;
      out[o] = top + (bottom - top) * wy;
    }
  }
  return out;
}

/**
 * Guided filter coefficients of `p` with the colour guide `I` (same size): per pixel, the local linear
 * model q = a·I + b, already box-averaged.
 */
function coefficients(I: Planes, p: Float32Array, radius: number, eps: number) {
  const { width: w, height: h } = I;
  const n = w * h;
  const mean = (v: Float32Array) => boxMean(v, w, h, radius);
  const product = (x: Float32Array, y: Float32Array) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = x[i]! * y[i]!;
    return out;
  };
  const mr = mean(I.r);
  const mg = mean(I.g);
  const mb = mean(I.b);
  const mp = mean(p);
  const mrp = mean(product(I.r, p));
  const mgp = mean(product(I.g, p));
  const mbp = mean(product(I.b, p));
  const vrr = mean(product(I.r, I.r));
  const vrg = mean(product(I.r, I.g));
  const vrb = mean(product(I.r, I.b));
  const vgg = mean(product(I.g, I.g));
  const vgb = mean(product(I.g, I.b));
  const vbb = mean(product(I.b, I.b));
  const ar = new Float32Array(n);
  const ag = new Float32Array(n);
  const ab = new Float32Array(n);
  const bb = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = mr[i]!;
    const g = mg[i]!;
    const b = mb[i]!;
    const pm = mp[i]!;
    const cr = mrp[i]! - r * pm;
    const cg = mgp[i]! - g * pm;
    const cb = mbp[i]! - b * pm;
    const s00 = vrr[i]! - r * r + eps;
    const s01 = vrg[i]! - r * g;
    const s02 = vrb[i]! - r * b;
    const s11 = vgg[i]! - g * g + eps;
    const s12 = vgb[i]! - g * b;
    const s22 = vbb[i]! - b * b + eps;
    // Inverse of the symmetric 3x3 covariance by cofactors.
    const i00 = s11 * s22 - s12 * s12;
    const i01 = s02 * s12 - s01 * s22;
    const i02 = s01 * s12 - s02 * s11;
    const i11 = s00 * s22 - s02 * s02;
    const i12 = s01 * s02 - s00 * s12;
    const i22 = s00 * s11 - s01 * s01;
    const det = s00 * i00 + s01 * i01 + s02 * i02;
    const a0 = (cr * i00 + cg * i01 + cb * i02) / det;
    const a1 = (cr * i01 + cg * i11 + cb * i12) / det;
    const a2 = (cr * i02 + cg * i12 + cb * i22) / det;
    ar[i] = a0;
    ag[i] = a1;
    ab[i] = a2;
    bb[i] = pm - a0 * r - a1 * g - a2 * b;
  }
  return { ar: mean(ar), ag: mean(ag), ab: mean(ab), b: mean(bb) };
}

/** Bilinear sample of a plane at a fractional position (pixel centres at integers). */
export function sample(plane: Float32Array, w: number, h: number, x: number, y: number): number {
  const cx = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const cy = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = Math.min(w - 2, Math.floor(cx));
  const y0 = Math.min(h - 2, Math.floor(cy));
  if (x0 < 0 || y0 < 0) return plane[Math.round(cy) * w + Math.round(cx)]!;
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * w + x0;
  const top = plane[i]! + (plane[i + 1]! - plane[i]!) * fx;
  const bottom = plane[i + w]! + (plane[i + w + 1]! - plane[i + w]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * A soft alpha at the full size of `image` from a coarse alpha (any size, 0..1). The filter works at
 * `1/step` of the full size; `radius` is in full-size pixels. Away from the coarse edge (where the
 * coarse alpha is uniformly 0 or 1 over the filter's window) the coarse value is kept as it is.
 */
export function refineAlpha(
  image: { data: Uint8Array; width: number; height: number; channels: number },
  coarse: { alpha: Float32Array; width: number; height: number },
  options: { radius: number; eps?: number; step?: number },
): Float32Array {
  const { width, height, channels, data } = image;
  const step = options.step ?? 2;
  const small = planesOf(data, width, height, channels, step);
  const sw = small.width;
  const sh = small.height;
  const p = resample(coarse.alpha, coarse.width, coarse.height, sw, sh);
  const radius = Math.max(1, Math.round(options.radius / step));
  const k = coefficients(small, p, radius, options.eps ?? 1e-3);
  // Where the window saw only product or only background, nothing is left to refine.
  const spread = boxMean(p, sw, sh, radius + 1);
  const out = new Float32Array(width * height);
  const fx = sw / width;
  const fy = sh / height;
  for (let y = 0, i = 0, j = 0; y < height; y++) {
    const sy = (y + 0.5) * fy - 0.5;
    const row = Math.min(sh - 1, Math.max(0, Math.round(sy))) * sw;
    for (let x = 0; x < width; x++, i++, j += channels) {
      const sx = (x + 0.5) * fx - 0.5;
      const m = spread[row + Math.min(sw - 1, Math.max(0, Math.round(sx)))]!;
      if (m <= 0.001) continue;
      if (m >= 0.999) {
        out[i] = 1;
        continue;
      }
      const q =
        sample(k.ar, sw, sh, sx, sy) * (data[j]! / 255) +
        sample(k.ag, sw, sh, sx, sy) * (data[j + 1]! / 255) +
        sample(k.ab, sw, sh, sx, sy) * (data[j + 2]! / 255) +
        sample(k.b, sw, sh, sx, sy);
      out[i] = q < 0 ? 0 : q > 1 ? 1 : q;
    }
  }
  return out;
}
