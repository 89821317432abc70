/**
 * Art direction for Express: no photo, a designed visual in the chosen style with the business
 * description as headline, and an empty corner kept for the logo the editor will add.
 */
import { EXPRESS_FORMAT_SIZES, type ExpressRequest, type Size } from '@vitrine/shared/api/generation';
import { EXPRESS_DESIGNS, type ExpressDesign } from './express-designs';
import type { Box, TextBlock } from './types';

export type ExpressPlan = {
  mode: 'express';
  variant: number;
  canvas: Size;
  style: ExpressRequest['style'];
  design: ExpressDesign;
  headline: TextBlock | null;
  /** Left empty for the logo the editor adds (spec: logo overlay). */
  logoZone: Box;
  /** Seeds the motif's arrangement, so variants differ and a request always renders the same. */
  seed: number;
  /** Mirrors the background gradient and motif. */
  mirrored: boolean;
  prompt: string;
};

/** Headline box per variant, as shares of the canvas: [x, y, width, height]. */
const HEADLINE: Record<'tall' | 'square' | 'wide' | 'banner', [number, number, number, number][]> = {
  tall: [
    [0.08, 0.32, 0.84, 0.34],
    [0.08, 0.5, 0.84, 0.32],
    [0.1, 0.2, 0.8, 0.34],
    [0.08, 0.6, 0.84, 0.28],
  ],
  square: [
    [0.08, 0.32, 0.84, 0.36],
    [0.08, 0.5, 0.84, 0.36],
    [0.12, 0.28, 0.76, 0.42],
    [0.08, 0.26, 0.64, 0.48],
  ],
  wide: [
    [0.12, 0.3, 0.76, 0.4],
    [0.06, 0.42, 0.56, 0.44],
    [0.2, 0.24, 0.6, 0.46],
    [0.38, 0.3, 0.56, 0.44],
  ],
  banner: [
    [0.2, 0.2, 0.6, 0.52],
    [0.06, 0.28, 0.5, 0.5],
    [0.3, 0.18, 0.6, 0.54],
    [0.44, 0.24, 0.5, 0.5],
  ],
};

/** The top-left corner kept free for the logo the editor adds. */
export function logoZoneOf(canvas: Size): Box {
  const unit = Math.min(canvas.width, canvas.height);
  return {
    x: Math.round(unit * 0.06),
    y: Math.round(unit * 0.06),
    width: Math.round(unit * 0.16),
    height: Math.round(unit * 0.16),
  };
}

const shapeOf = ({ width, height }: Size) =>
  width / height < 0.9 ? 'tall' : width / height > 2.2 ? 'banner' : width / height > 1.3 ? 'wide' : 'square';

export function planExpress(request: ExpressRequest, variant: number): ExpressPlan {
  const canvas = EXPRESS_FORMAT_SIZES[request.format];
  const design = EXPRESS_DESIGNS[request.style];
  const logoZone = logoZoneOf(canvas);
  const [x, y, w, h] = HEADLINE[shapeOf(canvas)][variant % 4]!;
  const box = {
    x: Math.round(x * canvas.width),
    y: Math.round(y * canvas.height),
    width: Math.round(w * canvas.width),
    height: Math.round(h * canvas.height),
  };
  const headline: TextBlock | null = request.description
    ? {
        role: 'slogan',
        text: request.description,
        box,
        align: Math.abs(x + w / 2 - 0.5) < 1e-6 ? 'center' : 'left',
        typeface: design.typeface,
      }
    : null;
  return {
    mode: 'express',
    variant,
    canvas,
    style: request.style,
    design,
    headline,
    logoZone,
    seed: variant * 7919 + 17,
    mirrored: variant % 2 === 1,
    prompt:
      [
        `Promotional visual background, ${design.words}`,
        request.description ? `for: ${request.description}` : 'for a small business',
        'an empty corner at the top left for a logo, a calm area for a headline',
        'no text, no letters, no logos',
        `${canvas.width}x${canvas.height}`,
      ].join('; ') + '.',
  };
}

export function planExpressVariants(request: ExpressRequest): ExpressPlan[] {
  return Array.from({ length: request.variants }, (_, variant) => planExpress(request, variant));
}
