/**
 * Palette grading of the scene, in place: saturation, temperature, contrast and lift, split toning.
 * All of it is folded into one table per channel, indexed by the level and the pixel's luma; a toning
 * before it (a duotone) is folded into the same tables, and the key light and grain can be laid on in
 * the same pass.
 */
import type { Grading } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { clampByte, GAIN_SHIFT, lumaQ8 } from '../../pixels/fixed-point';
import type { Grain, RowGains } from './light';
import { Memo } from '../../pixels/memo';

/** Saturation can push a channel below 0 or above 255 before the curve: the tables cover that range. */
const OFFSET = 512;

function channelCurve(warm: number, contrast: number, lift: number): Uint8Array {
  const lut = new Uint8Array(OFFSET * 3);
  for (let i = 0; i < lut.length; i++) {
    const v = clampByte(Math.round((i - OFFSET) * warm));
    const c = (v / 255 - 0.5) * contrast + 0.5;
    lut[i] = clampByte(Math.round((lift + (1 - lift) * c) * 255));
  }
  return lut;
}

/** The tables of the gradings last used: every variant of a request, and most requests, repeat them. */
const gradings = new Memo<Uint8Array>(16);

/** Every level to itself, for each channel: grading with nothing after it. */
const IDENTITY = Uint8Array.from({ length: 256 * 3 }, (_, i) => i % 256);

/** Light laid on in the grading pass: film grain added to the graded pixel, then the row's gains. */
export type Lighting = { gains: RowGains; grain?: Grain };

/**
 * A toning by luma, before the grading: each channel v -> (v * keep + add[luma * 3 + channel]) >> 8,
 * with the pixel's luma (e.g. a duotone: the tone of each luma level mixed over the pixel).
 */
export type Tone = { keep: number; add: Int32Array };

export type GradeOptions = {
  /** The style's multiplier on top of the palette's saturation. */
  saturation?: number;
  /** 256 levels per channel (red, green, blue) applied to the graded pixel, e.g. film tables. */
  then?: Uint8Array;
  tone?: Tone;
  /** Laid on after `then`. */
  lighting?: Lighting;
};

export function grade(
  scene: RawImage,
  grading: Grading,
  { saturation = 1, then = IDENTITY, tone, lighting }: GradeOptions = {},
): void {
  // Keyed by everything the tables depend on: the grading's values, the saturation, the tone and `then`.
  const key = [
    JSON.stringify(grading),
    saturation,
    tone ? `${tone.keep} ${tone.add.join(',')}` : '-',
    Buffer.from(then).toString('latin1'),
  ].join(' ');
  const tables = gradings.get(key, () => gradeTables(grading, saturation, then, tone));
  if (!lighting) return gradePixels(scene.data, 0, scene.data.length, scene.channels, tables);
  const { data, width, height, channels } = scene;
  const gains = new Int32Array(width);
  const { grain } = lighting;
  for (let y = 0; y < height; y++) {
    lighting.gains(y, gains);
    const from = y * width * channels;
    if (grain) gradeGrainLightRow(data, from, width, channels, tables, gains, grain, y);
    else gradeLightRow(data, from, width, channels, tables, gains);
  }
}

/**
 * Every output level as a function of the input level and the pixel's luma, per channel: 256 x 256
 * entries each (red, green, blue). The per-pixel pass is then a luma and three lookups.
 *
 * With a tone, a level is toned first and graded with the luma of the toned pixel, taken as the luma
 * of the toned grey of the same luma: the two differ by a level at most (luma is linear, the tone's
 * rounding is not).
 */
function gradeTables(grading: Grading, saturation: number, then: Uint8Array, tone?: Tone): Uint8Array {
  const { temperature: t, split, contrast, lift } = grading;
  const s = Math.round(grading.saturation * saturation * 256);
  const size = OFFSET * 3;
  const curves = new Uint8Array(size * 3);
  curves.set(channelCurve(1 + 0.12 * t, contrast, lift), 0);
  curves.set(channelCurve(1 + 0.02 * t, contrast, lift), size);
  curves.set(channelCurve(1 - 0.12 * t, contrast, lift), size * 2);
  // Split toning moves each channel toward the shadow and highlight tints by weights that depend on
  // luma alone: v -> v * keep[l] + tint[l], in 16.16 fixed point, one table entry per luma level.
  const keep = new Int32Array(256);
  const tints = new Int32Array(256 * 3);
  const [sr, sg, sb] = grading.shadowTint;
  const [hr, hg, hb] = grading.highlightTint;
  for (let l = 0; l < 256; l++) {
    const ws = split > 0 ? split * (1 - l / 255) ** 2 : 0;
    const wh = split > 0 ? split * (l / 255) ** 2 : 0;
    keep[l] = Math.round((1 - ws - wh) * 65536);
    tints[l * 3] = Math.round((sr * ws + hr * wh) * 65536);
    tints[l * 3 + 1] = Math.round((sg * ws + hg * wh) * 65536);
    tints[l * 3 + 2] = Math.round((sb * ws + hb * wh) * 65536);
  }
  const max = size - 1;
  const tables = new Uint8Array(3 * 65536);
  const toned = (v: number, l: number, c: number) =>
    tone ? clampByte((v * tone.keep + tone.add[l * 3 + c]!) >> 8) : v;
  for (let c = 0; c < 3; c++) {
    for (let input = 0; input < 256; input++) {
      const l = lumaQ8(toned(input, input, 0), toned(input, input, 1), toned(input, input, 2));
      // l + (v - l) * s / 256 (saturation around the pixel's luma), offset into the curve tables.
      const base = l * (256 - s) + (OFFSET << 8);
      const k = keep[l]!;
      const tint = tints[l * 3 + c]!;
      const row = c * 65536 + (input << 8);
      for (let level = 0; level < 256; level++) {
        const v = toned(level, input, c);
        let i = (v * s + base) >> 8;
        i = i < 0 ? 0 : i > max ? max : i;
        tables[row + level] = then[c * 256 + ((curves[c * size + i]! * k + tint) >> 16)]!;
      }
    }
  }
  return tables;
}

/**
 * The per-pixel pass over [from, to), kept small and monomorphic so the JIT compiles it tightly. Here
 * and in the rows below, the pixel's lumaQ8 (pixels/fixed-point.ts) is written out: a call per pixel
 * costs this pass about a tenth more (`npm run bench fixed-point`).
 */
function gradePixels(data: Buffer, from: number, to: number, channels: number, tables: Uint8Array): void {
  for (let i = from; i < to; i += channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const l = ((54 * r + 183 * g + 19 * b) >> 8) << 8;
    data[i] = tables[l | r]!;
    data[i + 1] = tables[65536 + (l | g)]!;
    data[i + 2] = tables[131072 + (l | b)]!;
  }
}

/** One row graded, then times gains[x] / GAIN_ONE, clamped. */
function gradeLightRow(
  data: Buffer,
  from: number,
  width: number,
  channels: number,
  tables: Uint8Array,
  gains: Int32Array,
): void {
  const shift = GAIN_SHIFT;
  for (let x = 0, i = from; x < width; x++, i += channels) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
    const k = gains[x]!;
    const r = (tables[l | r0]! * k) >> shift;
    const g = (tables[65536 + (l | g0)]! * k) >> shift;
    const b = (tables[131072 + (l | b0)]! * k) >> shift;
    data[i] = r > 255 ? 255 : r;
    data[i + 1] = g > 255 ? 255 : g;
    data[i + 2] = b > 255 ? 255 : b;
  }
}

/** One row graded, the grain tile's noise added (clamped), then times gains[x] / GAIN_ONE, clamped. */
function gradeGrainLightRow(
  data: Buffer,
  from: number,
  width: number,
  channels: number,
  tables: Uint8Array,
  gains: Int32Array,
  { tile, size }: Grain,
  y: number,
): void {
  const row = (y % size) * size;
  const shift = GAIN_SHIFT;
  let i = from;
  // The row in stretches of one tile width: no modulo per pixel.
  for (let x0 = 0; x0 < width; x0 += size) {
    const end = Math.min(width, x0 + size);
    for (let x = x0, t = row; x < end; x++, t++, i += channels) {
      const r0 = data[i]!;
      const g0 = data[i + 1]!;
      const b0 = data[i + 2]!;
      const l = ((54 * r0 + 183 * g0 + 19 * b0) >> 8) << 8;
      const n = tile[t]!;
      const k = gains[x]!;
      let r = tables[l | r0]! + n;
      let g = tables[65536 + (l | g0)]! + n;
      let b = tables[131072 + (l | b0)]! + n;
      r = ((r < 0 ? 0 : r > 255 ? 255 : r) * k) >> shift;
      g = ((g < 0 ? 0 : g > 255 ? 255 : g) * k) >> shift;
      b = ((b < 0 ? 0 : b > 255 ? 255 : b) * k) >> shift;
      data[i] = r > 255 ? 255 : r;
      data[i + 1] = g > 255 ? 255 : g;
      data[i + 2] = b > 255 ? 255 : b;
    }
  }
}
