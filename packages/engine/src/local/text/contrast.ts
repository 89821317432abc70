/** WCAG contrast: relative luminance of sRGB colours and the contrast ratio between two of them. */
import type { Rgb } from '../../art-direction/types';

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const relativeLuminance = ([r, g, b]: Rgb) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The grey level (0-255) below which `share` of the levels lie; a histogram, not a sort. */
export function percentile(levels: Float32Array | number[], share: number): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < levels.length; i++) {
    const v = Math.round(levels[i]!);
    histogram[v < 0 ? 0 : v > 255 ? 255 : v]!++;
  }
  return levelAt(histogram, share);
}

/** The level below which `share` of a 256-bin histogram's counts lie. */
export function levelAt(histogram: Uint32Array, share: number): number {
  let total = 0;
  for (let level = 0; level < 256; level++) total += histogram[level]!;
  const wanted = share * total;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen > wanted) return level;
  }
  return 255;
}

/** Text must reach this against what lies behind it (WCAG AA for body text). */
export const MIN_CONTRAST = 4.5;
