/**
 * A smooth model of a studio background, fitted on the photo's borders: a quadratic surface per Lab
 * channel, so sweeps, gradients and vignettes count as background. Robust to a product touching the edge.
 */
const TERMS = 6;
const basis = (u: number, v: number, out: Float64Array) => {
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  out[3] = u * v;
  out[4] = u * u;
  out[5] = v * v;
};

export type BackgroundModel = {
  /** Squared ΔE between each pixel and the backdrop expected at its place. */
  distanceSquared: (lab: Float32Array) => Float32Array;
  /**
   * 1 where a pixel is the backdrop in shade: darker than expected at its place (by SHADE_DARKER or
   * more, but not black) with the backdrop's own hue (chroma within SHADE_CHROMA). A product's shadow
   * cast on the sweep or the table.
   */
  shaded: (lab: Float32Array) => Uint8Array;
  /** Robust spread of border pixels around the model, in ΔE: how busy the background is. */
  spread: number;
  /** Share of border pixels far from the model (texture, objects, or the product reaching the edge). */
  outlierShare: number;
};

function solve(matrix: number[][], rhs: number[]): number[] {
  const n = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]! || 1e-9;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const k = a[r]![col]! / p;
      for (let c = col; c <= n; c++) a[r]![c]! -= k * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / (row[i]! || 1e-9));
}

function fit(samples: { u: number; v: number; lab: number[] }[]): number[][] {
  const ata = Array.from({ length: TERMS }, () => new Array<number>(TERMS).fill(0));
  const atb = [0, 1, 2].map(() => new Array<number>(TERMS).fill(0));
  const row = new Float64Array(TERMS);
  for (const s of samples) {
    basis(s.u, s.v, row);
    for (let i = 0; i < TERMS; i++) {
      for (let j = 0; j < TERMS; j++) ata[i]![j]! += row[i]! * row[j]!;
      for (let c = 0; c < 3; c++) atb[c]![i]! += row[i]! * s.lab[c]!;
    }
  }
  // A little ridge keeps the fit stable when the borders say little about the curvature.
  for (let i = 1; i < TERMS; i++) ata[i]![i]! += samples.length * 1e-3;
  return atb.map((b) => solve(ata, b));
}

export function fitBackground(lab: Float32Array, width: number, height: number): BackgroundModel {
  const band = Math.max(2, Math.round(0.015 * Math.min(width, height)));
  const step = Math.max(1, Math.round((2 * (width + height) * band) / 4_000));
  const toU = (x: number) => (x / (width - 1)) * 2 - 1;
  const toV = (y: number) => (y / (height - 1)) * 2 - 1;
  const samples: { u: number; v: number; lab: number[] }[] = [];
  let n = 0;
  for (let y = 0; y < height; y++) {
    const rowInBand = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (!rowInBand && x >= band && x < width - band) continue;
      if (n++ % step) continue;
      const i = (y * width + x) * 3;
      samples.push({ u: toU(x), v: toV(y), lab: [lab[i]!, lab[i + 1]!, lab[i + 2]!] });
    }
  }
  const row = new Float64Array(TERMS);
  const residual = (coef: number[][], s: (typeof samples)[number]) => {
    basis(s.u, s.v, row);
    let sum = 0;
    for (let c = 0; c < 3; c++) {
      let m = 0;
      for (let i = 0; i < TERMS; i++) m += coef[c]![i]! * row[i]!;
      sum += (s.lab[c]! - m) ** 2;
    }
    return Math.sqrt(sum);
  };
  let coef = fit(samples);
  // Refit on the closest three quarters: what sticks out is the product or clutter, not the backdrop.
  const ranked = samples.map((s) => ({ s, r: residual(coef, s) })).sort((a, b) => a.r - b.r);
  coef = fit(ranked.slice(0, Math.ceil(ranked.length * 0.75)).map((e) => e.s));
  const residuals = samples.map((s) => residual(coef, s)).sort((a, b) => a - b);
  const median = residuals[Math.floor(residuals.length / 2)] ?? 0;
  const outliers = residuals.filter((r) => r > 15).length / Math.max(1, residuals.length);

  const [l, a, b] = coef as [number[], number[], number[]];
  const surface = (k: number[], u: number, v: number) =>
    k[0]! + k[1]! * u + k[2]! * v + k[3]! * u * v + k[4]! * u * u + k[5]! * v * v;
  return {
    distanceSquared: (pixels) => {
      const out = new Float32Array(width * height);
      for (let y = 0, p = 0; y < height; y++) {
        const v = toV(y);
        for (let x = 0; x < width; x++, p++) {
          const u = toU(x);
          const dl = pixels[p * 3]! - surface(l, u, v);
          const da = pixels[p * 3 + 1]! - surface(a, u, v);
          const db = pixels[p * 3 + 2]! - surface(b, u, v);
          out[p] = dl * dl + da * da + db * db;
        }
      }
      return out;
    },
    shaded: (pixels) => {
      const out = new Uint8Array(width * height);
      for (let y = 0, p = 0; y < height; y++) {
        const v = toV(y);
        for (let x = 0; x < width; x++, p++) {
          const u = toU(x);
          const expected = surface(l, u, v);
          const dl = pixels[p * 3]! - expected;
          const dc = Math.hypot(pixels[p * 3 + 1]! - surface(a, u, v), pixels[p * 3 + 2]! - surface(b, u, v));
          out[p] = dl <= -SHADE_DARKER && pixels[p * 3]! >= 0.3 * expected && dc <= SHADE_CHROMA ? 1 : 0;
        }
      }
      return out;
    },
    spread: median * 1.4826,
    outlierShare: outliers,
  };
}

/** A shade is at least this much darker (L*) than the backdrop expected at its place. */
const SHADE_DARKER = 4;
/** And its hue stays the backdrop's: within this chroma distance (a*, b*). */
const SHADE_CHROMA = 6;
