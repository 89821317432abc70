/** Express style -> designed visual: background colours, motif, inks, typeface and finishing. */
import type { ExpressStyle } from '@vitrine/shared/api/generation';
import type { Rgb, Typeface } from './types';

export type Motif = 'circle' | 'panels' | 'sunburst' | 'grid' | 'frame' | 'blobs' | 'stripes' | 'leaves';

export type ExpressDesign = {
  background: readonly [Rgb, Rgb];
  accents: readonly Rgb[];
  motif: Motif;
  inks: { light: Rgb; dark: Rgb };
  typeface: Typeface;
  grain: number;
  vignette: number;
  /** Neon glow of bright lines, 0 to 1. */
  glow: number;
  /** Words for the prompt of image-model providers. */
  words: string;
};

const face = (family: string, weight: number, uppercase = false, italic = false): Typeface => ({
  family,
  weight,
  italic,
  uppercase,
});

/** The supporting line's face: the design's family, lighter. */
export const supportingFace = (face: Typeface): Typeface => ({
  ...face,
  weight: face.family === 'Playfair Display' ? 400 : 500,
});

export const EXPRESS_DESIGNS: Record<ExpressStyle, ExpressDesign> = {
  minimaliste: {
    background: [
      [247, 244, 239],
      [236, 231, 223],
    ],
    accents: [
      [233, 216, 196],
      [43, 43, 43],
    ],
    motif: 'circle',
    inks: { light: [252, 250, 246], dark: [34, 34, 34] },
    typeface: face('Inter', 500),
    grain: 0,
    vignette: 0,
    glow: 0,
    words: 'minimalist, calm off-white space, one soft shape, thin line',
  },
  moderne: {
    background: [
      [67, 56, 202],
      [219, 39, 119],
    ],
    accents: [
      [255, 255, 255],
      [20, 16, 60],
    ],
    motif: 'panels',
    inks: { light: [255, 255, 255], dark: [20, 16, 60] },
    typeface: face('Inter', 800),
    grain: 0,
    vignette: 0.15,
    glow: 0,
    words: 'modern, bold indigo to pink gradient, translucent geometric panels',
  },
  vintage: {
    background: [
      [243, 230, 200],
      [226, 204, 160],
    ],
    accents: [
      [233, 211, 165],
      [139, 58, 43],
      [52, 92, 90],
    ],
    motif: 'sunburst',
    inks: { light: [250, 241, 222], dark: [74, 36, 24] },
    typeface: face('Playfair Display', 700),
    grain: 0.06,
    vignette: 0.4,
    glow: 0,
    words: 'vintage poster, cream paper, sunburst rays, double border, film grain',
  },
  techno: {
    background: [
      [7, 11, 26],
      [13, 27, 61],
    ],
    accents: [
      [0, 229, 255],
      [255, 43, 214],
    ],
    motif: 'grid',
    inks: { light: [230, 252, 255], dark: [7, 11, 26] },
    typeface: face('Space Grotesk', 700, true),
    grain: 0,
    vignette: 0.3,
    glow: 0.7,
    words: 'techno, dark navy, glowing cyan perspective grid, neon lines',
  },
  elegante: {
    background: [
      [18, 52, 44],
      [6, 22, 18],
    ],
    accents: [
      [201, 164, 92],
      [231, 211, 160],
    ],
    motif: 'frame',
    inks: { light: [246, 236, 210], dark: [6, 22, 18] },
    typeface: face('Playfair Display', 400, false, true),
    grain: 0.01,
    vignette: 0.35,
    glow: 0,
    words: 'elegant, deep emerald, fine gold frame and ornament, luxury',
  },
  artistique: {
    background: [
      [248, 242, 233],
      [240, 230, 216],
    ],
    accents: [
      [255, 107, 107],
      [255, 217, 61],
      [107, 203, 119],
      [77, 150, 255],
      [199, 125, 255],
    ],
    motif: 'blobs',
    inks: { light: [255, 252, 245], dark: [40, 30, 45] },
    typeface: face('Caveat', 700),
    grain: 0.025,
    vignette: 0,
    glow: 0,
    words: 'artistic, colourful organic paint blobs on paper, playful',
  },
  dynamique: {
    background: [
      [255, 77, 0],
      [255, 179, 0],
    ],
    accents: [
      [255, 255, 255],
      [122, 31, 0],
    ],
    motif: 'stripes',
    inks: { light: [255, 255, 255], dark: [60, 14, 0] },
    typeface: face('Inter', 800, true),
    grain: 0,
    vignette: 0.2,
    glow: 0,
    words: 'dynamic, energetic orange, diagonal speed stripes, motion',
  },
  naturel: {
    background: [
      [232, 239, 224],
      [207, 220, 192],
    ],
    accents: [
      [122, 158, 107],
      [168, 198, 159],
      [91, 127, 79],
    ],
    motif: 'leaves',
    inks: { light: [250, 252, 246], dark: [31, 59, 43] },
    typeface: face('Playfair Display', 700),
    grain: 0.015,
    vignette: 0.15,
    glow: 0,
    words: 'natural, soft sage green, leaves framing the edges, organic',
  },
};
