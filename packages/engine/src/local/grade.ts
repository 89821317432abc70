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

/** `saturation` is the style's multiplier on top of the palette's. */
export function grade(scene: RawImage, grading: Grading, saturation = 1): void {
  const { data, channels } = scene;
  const { temperature: t, split, contrast, lift } = grading;
  const s = Math.round(grading.saturation * saturation * 256);
  const curveR = channelCurve(1 + 0.12 * t, contrast, lift);
  const curveG = channelCurve(1 + 0.02 * t, contrast, lift);
  const curveB = channelCurve(1 - 0.12 * t, contrast, lift);
  const shadowWeight = new Float32Array(256);
  const highWeight = new Float32Array(256);
  for (let l = 0; l < 256; l++) {
    shadowWeight[l] = split * (1 - l / 255) ** 2;
    highWeight[l] = split * (l / 255) ** 2;
  }
  const [sr, sg, sb] = grading.shadowTint;
  const [hr, hg, hb] = grading.highlightTint;
  const max = OFFSET * 3 - 1;
  const index = (v: number) => (v < 0 ? 0 : v > max ? max : v);
  for (let i = 0; i < data.length; i += channels) {
    const r0 = data[i]!;
    const g0 = data[i + 1]!;
    const b0 = data[i + 2]!;
    const l = (54 * r0 + 183 * g0 + 19 * b0) >> 8;
    let r = curveR[index(l + (((r0 - l) * s) >> 8) + OFFSET)]!;
    let g = curveG[index(l + (((g0 - l) * s) >> 8) + OFFSET)]!;
    let b = curveB[index(l + (((b0 - l) * s) >> 8) + OFFSET)]!;
    if (split > 0) {
      const ws = shadowWeight[l]!;
      const wh = highWeight[l]!;
      r += (sr - r) * ws + (hr - r) * wh;
      g += (sg - g) * ws + (hg - g) * wh;
      b += (sb - b) * ws + (hb - b) * wh;
    }
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
}
