/**
 * Palette grading of the scene, in place: saturation, temperature, contrast and lift, split toning.
 * Temperature and tone curve are folded into one table per channel; the per-pixel work is integer.
 */
import type { Grading } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import { clampByte } from './color';

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

/** Every level to itself, for each channel: grading with nothing after it. */
const IDENTITY = Uint8Array.from({ length: 256 * 3 }, (_, i) => i % 256);

/**
 * `saturation` is the style's multiplier on top of the palette's. `then`, 256 levels per channel
 * (red, green, blue), is applied to the graded pixel in the same pass (e.g. a style's film tables).
 */
export function grade(scene: RawImage, grading: Grading, saturation = 1, then: Uint8Array = IDENTITY): void {
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
  gradePixels(scene.data, scene.channels, s, curves, keep, tints, then);
}

/** The per-pixel pass, kept small and monomorphic so the JIT compiles it tightly. */
function gradePixels(
  data: Buffer,
  channels: number,
  s: number,
  curves: Uint8Array,
  keep: Int32Array,
  tints: Int32Array,
  then: Uint8Array,
): void {
  const size = OFFSET * 3;
  const max = size - 1;
  const length = data.length;
  for (let i = 0; i < length; i += channels) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = (54 * r0 + 183 * g0 + 19 * b0) >> 8;
    // l + (v - l) * s / 256 (saturation around the pixel's luma), offset into the curve tables.
    const base = l * (256 - s) + (OFFSET << 8);
    let ir = (r0 * s + base) >> 8;
    let ig = (g0 * s + base) >> 8;
    let ib = (b0 * s + base) >> 8;
    ir = ir < 0 ? 0 : ir > max ? max : ir;
    ig = ig < 0 ? 0 : ig > max ? max : ig;
    ib = ib < 0 ? 0 : ib > max ? max : ib;
    const k = keep[l]!;
    const t = l * 3;
    data[i] = then[(curves[ir]! * k + tints[t]!) >> 16]!;
    data[i + 1] = then[256 + ((curves[size + ig]! * k + tints[t + 1]!) >> 16)]!;
    data[i + 2] = then[512 + ((curves[2 * size + ib]! * k + tints[t + 2]!) >> 16)]!;
  }
}
