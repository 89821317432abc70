/**
 * Shadows darken toward a dark tint of the palette rather than toward black: they carry the scene's
 * colour. One pixel at a time, for the shadows drawn analytically (contact, ambient, cast).
 */
import type { Rgb } from '../../art-direction/types';

/** What a full shade keeps of each channel's complement: 1 - tint / 255, per channel. */
export type ShadeTint = readonly [number, number, number];

export const shadeTint = (tint: Rgb): ShadeTint => [1 - tint[0] / 255, 1 - tint[1] / 255, 1 - tint[2] / 255];

/** The pixel at byte `i` darkened by `k` (0 to 1) toward the tint: v -> v * (1 - k * t), per channel. */
export function darkenPixel(data: Buffer, i: number, k: number, t: ShadeTint): void {
  data[i] = data[i]! * (1 - k * t[0]);
  data[i + 1] = data[i + 1]! * (1 - k * t[1]);
  data[i + 2] = data[i + 2]! * (1 - k * t[2]);
}
