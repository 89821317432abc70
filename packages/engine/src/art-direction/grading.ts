/** Palette -> colour grading. Each palette must measurably do what its name says (see the tests). */
import type { FusionPalette } from '@vitrine/shared/api/generation';
import type { Grading } from './types';

const NEUTRAL = [128, 128, 128] as const;

export const PALETTE_GRADING: Record<FusionPalette, Grading> = {
  chaude: {
    saturation: 1.1,
    contrast: 1.05,
    lift: 0.02,
    temperature: 0.55,
    shadowTint: [110, 50, 20],
    highlightTint: [255, 205, 140],
    split: 0.14,
    swatch: { dark: [59, 29, 18], accent: [224, 122, 46], light: [255, 241, 222] },
    neon: [
      [255, 61, 127],
      [255, 176, 0],
    ],
  },
  froide: {
    saturation: 1.0,
    contrast: 1.05,
    lift: 0.02,
    temperature: -0.55,
    shadowTint: [10, 45, 80],
    highlightTint: [205, 232, 255],
    split: 0.14,
    swatch: { dark: [13, 27, 42], accent: [58, 134, 200], light: [234, 244, 255] },
    neon: [
      [45, 91, 255],
      [0, 229, 255],
    ],
  },
  pastel: {
    saturation: 0.75,
    contrast: 0.92,
    lift: 0.1,
    temperature: 0.05,
    shadowTint: [200, 170, 215],
    highlightTint: [255, 214, 228],
    split: 0.16,
    swatch: { dark: [91, 74, 99], accent: [244, 167, 192], light: [253, 246, 240] },
    neon: [
      [255, 154, 213],
      [154, 247, 255],
    ],
  },
  néon: {
    saturation: 1.6,
    contrast: 1.15,
    lift: 0,
    temperature: 0,
    shadowTint: [70, 10, 130],
    highlightTint: [60, 255, 240],
    split: 0.12,
    swatch: { dark: [11, 4, 32], accent: [255, 43, 214], light: [43, 245, 255] },
    neon: [
      [255, 43, 214],
      [43, 245, 255],
    ],
  },
  noir_blanc: {
    saturation: 0,
    contrast: 1.15,
    lift: 0,
    temperature: 0,
    shadowTint: NEUTRAL,
    highlightTint: NEUTRAL,
    split: 0,
    swatch: { dark: [17, 17, 17], accent: [119, 119, 119], light: [245, 245, 245] },
    neon: [
      [110, 110, 110],
      [240, 240, 240],
    ],
  },
};
