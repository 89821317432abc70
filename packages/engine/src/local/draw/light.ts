/**
 * Light over the whole picture: the variant's key light and exposure, a spotlight pool, the vignette.
 * They are gains, row by row, that the grading pass lays on (grade.ts); a vignette also darkens what is
 * drawn after that pass, and Express and drawn scenes, on its own.
 */
import type { Box, Light } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { GAIN_ONE, GAIN_SHIFT } from '../../pixels/fixed-point';

type Radial = { cx: number; cy: number; rx: number; ry: number; table: Float32Array; reach: number };

/**
 * A vignette: a radial table of gains (one in the middle of the picture, falling toward the corners),
 * laid on a whole image, on the gains of a grading pass, or on single pixels drawn after that pass.
 */
export class Vignette {
  private readonly steps: number;
  private readonly toStep: number;
  /** Horizontal distance² of each column, in table steps. */
  private readonly dx2: Float32Array;
  /** The table in 1/4096ths. */
  private readonly fixed: Int32Array;
  /** The distance² below which the table is one: the middle, left as it is. */
  private readonly flatD2: number;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly radial: Radial,
  ) {
    const { table, reach } = radial;
    this.steps = table.length - 1;
    this.toStep = this.steps / reach;
    this.dx2 = Float32Array.from(
      { length: width },
      (_, x) => ((x - radial.cx) / radial.rx) ** 2 * this.toStep,
    );
    let flat = 0;
    while (flat < this.steps && table[flat + 1] === 1) flat++;
    this.flatD2 = table[0] === 1 ? (flat - 0.5) / this.toStep : -1;
    this.fixed = Int32Array.from(table, (k) => Math.round(k * GAIN_ONE));
  }

  /** Row y's distance² in table steps (plus a half, to round), and the span of it in the flat middle. */
  private row(y: number): { dy: number; skip0: number; skip1: number } {
    const { radial, width } = this;
    const dy2 = ((y - radial.cy) / radial.ry) ** 2;
    // Kept one pixel clear of the flat middle's edge.
    const half = dy2 < this.flatD2 ? radial.rx * Math.sqrt(this.flatD2 - dy2) - 1 : -1;
    return {
      dy: dy2 * this.toStep + 0.5,
      skip0: half > 0 ? Math.max(0, Math.ceil(radial.cx - half)) : width,
      skip1: half > 0 ? Math.min(width, Math.floor(radial.cx + half)) : width,
    };
  }

  /** Darkens row y of an image, from column x0 to x1. */
  darkenRow(data: Buffer, y: number, channels: number, x0 = 0, x1 = this.width): void {
    const { dy, skip0, skip1 } = this.row(y);
    const from = y * this.width * channels;
    const start = Math.max(0, x0);
    const end = Math.min(this.width, x1);
    darkenRow(data, from, channels, this.dx2, dy, this.fixed, this.steps, start, Math.min(skip0, end));
    darkenRow(data, from, channels, this.dx2, dy, this.fixed, this.steps, Math.max(skip1, start), end);
  }

  /** Multiplies row y's gains (1/4096ths) by the vignette's. */
  scaleGains(y: number, gains: Int32Array): void {
    const { dy, skip0, skip1 } = this.row(y);
    scaleGains(gains, this.dx2, dy, this.fixed, this.steps, 0, skip0);
    scaleGains(gains, this.dx2, dy, this.fixed, this.steps, skip1, this.width);
  }

  /**
   * Row y's gains from column x0 on, in 1/4096ths, into `out` (out[0] is x0; columns past the edge
   * repeat it). Returns false, leaving `out` as it is, when the whole span is in the flat middle.
   */
  span(y: number, x0: number, out: Int32Array): boolean {
    const { dy, skip0, skip1 } = this.row(y);
    if (x0 >= skip0 && x0 + out.length <= skip1) return false;
    const { dx2, fixed, steps, width } = this;
    for (let i = 0; i < out.length; i++) {
      const x = Math.min(width - 1, Math.max(0, x0 + i));
      const step = (dx2[x]! + dy) | 0;
      out[i] = fixed[step < steps ? step : steps]!;
    }
    return true;
  }

  /** The gain at a pixel of the canvas, in 1/4096ths. */
  at(x: number, y: number): number {
    const dy2 = ((y - this.radial.cy) / this.radial.ry) ** 2;
    const dx = Math.min(this.width - 1, Math.max(0, Math.round(x)));
    const step = (this.dx2[dx]! + dy2 * this.toStep + 0.5) | 0;
    return this.fixed[step < this.steps ? step : this.steps]!;
  }
}

/** gains[x] times the radial table's gain at x, for x0 <= x < x1. */
function scaleGains(
  gains: Int32Array,
  dx2: Float32Array,
  dy: number,
  fixed: Int32Array,
  steps: number,
  x0: number,
  x1: number,
): void {
  const shift = GAIN_SHIFT;
  for (let x = x0; x < x1; x++) {
    const step = (dx2[x]! + dy) | 0;
    gains[x] = (gains[x]! * fixed[step < steps ? step : steps]!) >> shift;
  }
}

/**
 * Pixels x0 to x1 of a row times the radial table's gain at their distance (a vignette's gains are
 * at most one: no clamping).
 */
function darkenRow(
  data: Buffer,
  from: number,
  channels: number,
  dx2: Float32Array,
  dy: number,
  fixed: Int32Array,
  steps: number,
  x0: number,
  x1: number,
): void {
  const shift = GAIN_SHIFT;
  for (let x = x0, i = from + x0 * channels; x < x1; x++, i += channels) {
    const step = (dx2[x]! + dy) | 0;
    const k = fixed[step < steps ? step : steps]!;
    data[i] = (data[i]! * k) >> shift;
    data[i + 1] = (data[i + 1]! * k) >> shift;
    data[i + 2] = (data[i + 2]! * k) >> shift;
  }
}

function radialTable(reach: number, gain: (d2: number) => number): Float32Array {
  const table = new Float32Array(1025);
  for (let i = 0; i < table.length; i++) table[i] = gain((i / 1024) * reach);
  return table;
}

/** Brighter on the side the light comes from, darker on the far side; plus the variant's exposure. */
function keyLight(light: Light, width: number, height: number) {
  const half = light.strength / 2;
  const column = new Float32Array(width).fill(1 + light.exposure);
  const row = new Float32Array(height).fill(1);
  if (light.from === 'top') {
    for (let y = 0; y < height; y++) row[y] = 1 + half * (1 - (2 * y) / height);
  } else {
    const sign = light.from === 'left' ? 1 : -1;
    for (let x = 0; x < width; x++) column[x]! *= 1 + half * sign * (1 - (2 * x) / width);
  }
  return { column, row };
}

/** Film grain: a square tile of luminance noise, repeated over the picture. */
export type Grain = { tile: Int16Array; size: number };

/** Writes row y's gains (in 1/4096ths, one per column) into `gains`. */
export type RowGains = (y: number, gains: Int32Array) => void;

/**
 * The key light, and a pool of light around the product when there is a spotlight, row by row: the
 * grading pass applies them as it goes (grade.ts).
 */
export function keyLightGains(
  light: Light,
  spotlight: number,
  product: Box,
  width: number,
  height: number,
): RowGains {
  const { column, row } = keyLight(light, width, height);
  if (spotlight <= 0) {
    if (light.from === 'top') {
      // Light from above: one gain per row.
      return (y, gains) => gains.fill(Math.round(row[y]! * GAIN_ONE * column[0]!));
    }
    // Light from the side has the same gains on every row.
    const across = Int32Array.from(column, (k) => Math.round(k * GAIN_ONE));
    return (_y, gains) => gains.set(across);
  }
  // The rest of the scene falls into shade: 1 - s + s * (0.35 + 0.85 * exp(-d²)), with d² the
  // normalised distance² from the pool's centre. exp(-dx² - dy²) = exp(-dx²) * exp(-dy²): per column a
  // constant part and a part that falls off across, per row a factor down.
  const cx = product.x + product.width / 2;
  const cy = product.y + product.height * 0.6;
  const rx = Math.max(product.width, width * 0.3) * 1.1;
  const ry = Math.max(product.height, height * 0.3) * 0.9;
  const flat = Float32Array.from(column, (k) => k * (1 - spotlight * 0.65));
  const pool = Float32Array.from(column, (k, x) => k * spotlight * 0.85 * Math.exp(-(((x - cx) / rx) ** 2)));
  return (y, gains) => {
    const rowGain = row[y]! * GAIN_ONE;
    const down = Math.exp(-(((y - cy) / ry) ** 2));
    for (let x = 0; x < width; x++) {
      // Gains are positive: adding a half and truncating rounds them.
      gains[x] = (rowGain * (flat[x]! + pool[x]! * down) + 0.5) | 0;
    }
  };
}

/** A vignette of `amount` (the corners' darkening) on a canvas of this size; null for none. */
export function vignetteOf(amount: number, width: number, height: number): Vignette | null {
  if (amount <= 0) return null;
  const reach = 2;
  return new Vignette(width, height, {
    cx: width / 2,
    cy: height / 2,
    rx: width / 2,
    ry: height / 2,
    reach,
    table: radialTable(reach, (d2) => {
      const t = Math.min(1, Math.max(0, (Math.sqrt(d2) - 0.55) / 0.9));
      return 1 - amount * t * t * (3 - 2 * t);
    }),
  });
}

export function vignette(image: RawImage, amount: number): void {
  const shade = vignetteOf(amount, image.width, image.height);
  if (!shade) return;
  for (let y = 0; y < image.height; y++) shade.darkenRow(image.data, y, image.channels);
}

/** The rows' gains times the vignette's. */
export function vignetted(rows: RowGains, shade: Vignette): RowGains {
  return (y, gains) => {
    rows(y, gains);
    shade.scaleGains(y, gains);
  };
}

/** Adds the grain tile's noise to every pixel, clamped; then the vignette, if any, in the same pass. */
export function addGrain(scene: RawImage, grain: Grain, shade: Vignette | null = null): void {
  const gains = new Int32Array(scene.width).fill(GAIN_ONE);
  for (let y = 0; y < scene.height; y++) {
    if (shade) {
      gains.fill(GAIN_ONE);
      shade.scaleGains(y, gains);
    }
    grainRow(scene, y, gains, grain);
  }
}

/** One row: the grain tile's noise added, clamped, then times gains[x] / GAIN_ONE, clamped. */
function grainRow({ data, width, channels }: RawImage, y: number, gains: Int32Array, { tile, size }: Grain) {
  const row = (y % size) * size;
  const shift = GAIN_SHIFT;
  let i = y * width * channels;
  // The row in stretches of one tile width: no modulo per pixel.
  for (let x0 = 0; x0 < width; x0 += size) {
    const end = Math.min(width, x0 + size);
    for (let x = x0, t = row; x < end; x++, t++, i += channels) {
      const n = tile[t]!;
      const k = gains[x]!;
      let r = data[i]! + n;
      let g = data[i + 1]! + n;
      let b = data[i + 2]! + n;
      r = ((r < 0 ? 0 : r > 255 ? 255 : r) * k) >> shift;
      g = ((g < 0 ? 0 : g > 255 ? 255 : g) * k) >> shift;
      b = ((b < 0 ? 0 : b > 255 ? 255 : b) * k) >> shift;
      data[i] = r > 255 ? 255 : r;
      data[i + 1] = g > 255 ? 255 : g;
      data[i + 2] = b > 255 ? 255 : b;
    }
  }
}
