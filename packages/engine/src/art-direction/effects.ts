/** Style -> effects. Each of the seven styles must be recognisably itself. */
import type { FusionStyle } from '@vitrine/shared/api/generation';
import type { Effects, Grading, Rgb } from './types';

const NONE: Effects = {
  saturation: 1,
  flatColours: 0,
  outline: 0,
  hatching: 0,
  paper: 0,
  wash: 0,
  washColour: [255, 255, 255],
  duotone: 0,
  glow: 0,
  neonLight: 0,
  grain: 0,
  vignette: 0,
  warmth: 0,
  fade: 0,
  spotlight: 0,
  podium: false,
  reflection: 0,
  shadow: 0.55,
  depthOfField: 0,
  productEdge: 'none',
  lightLeak: 0,
};

const PAPER = [244, 236, 220] as const;
const WHITE = [255, 255, 255] as const;
const toward = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((c) => Math.round(a[c]! + (b[c]! - a[c]!) * t)) as unknown as Rgb;

export function styleEffects(style: FusionStyle, grading: Grading): Effects {
  const effects = byStyle(style, grading);
  // A black-and-white palette stays black and white: no warm cast, no tinted paper.
  if (grading.saturation === 0) {
    const grey = Math.round(
      0.2126 * effects.washColour[0] + 0.7152 * effects.washColour[1] + 0.0722 * effects.washColour[2],
    );
    return { ...effects, warmth: 0, washColour: [grey, grey, grey] };
  }
  return effects;
}

function byStyle(style: FusionStyle, grading: Grading): Effects {
  switch (style) {
    case 'photo réaliste':
      // A fast lens: the background falls softly out of focus behind a sharp product.
      return { ...NONE, grain: 0.014, vignette: 0.2, depthOfField: 0.45 };
    case 'illustration':
      // Flat posterised colour with crisp inked boundaries; the product stays a photograph in it.
      return { ...NONE, saturation: 1.25, flatColours: 9, outline: 1, shadow: 0.45 };
    case '3D mockup':
      // A studio sweep in the palette's colours, a podium, a pool of light and a glossy reflection.
      return {
        ...NONE,
        spotlight: 0.5,
        podium: true,
        reflection: 0.22,
        vignette: 0.3,
        shadow: 0.7,
        depthOfField: 1,
      };
    case 'minimaliste':
      // Calm space: the scene far out of focus, washed toward a near-white tinted by the palette.
      return {
        ...NONE,
        saturation: 0.8,
        // Washed, not fogged: the scene stays a place behind the product.
        wash: 0.2,
        washColour: toward(grading.swatch.light, WHITE, 0.55),
        shadow: 0.35,
        depthOfField: 0.8,
      };
    case 'vintage':
      return {
        ...NONE,
        saturation: 0.5,
        // Film's grain and a faint leak of light: more reads as damage, not as a period look.
        grain: 0.05,
        vignette: 0.45,
        warmth: 0.8,
        fade: 0.28,
        shadow: 0.5,
        depthOfField: 0.25,
        lightLeak: 0.2,
      };
    case 'cyberpunk':
      return {
        ...NONE,
        duotone: 0.6,
        neonLight: 0.55,
        glow: 0.8,
        vignette: 0.4,
        shadow: 0.6,
        depthOfField: 0.4,
        productEdge: 'neon',
      };
    case 'hand-drawn':
      // Pencil lines and hatching over a watercolour wash on paper; the product stays a photograph on it.
      return {
        ...NONE,
        saturation: 0.8,
        outline: 0.9,
        hatching: 0.5,
        paper: 0.8,
        grain: 0.02,
        washColour: PAPER,
        shadow: 0.4,
      };
  }
}
