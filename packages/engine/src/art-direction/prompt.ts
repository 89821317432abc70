/** The scene in words for image-model providers. They draw the background only: no product, no text. */
import type { FusionPalette, FusionStyle } from '@vitrine/shared/api/generation';
import type { Box } from './types';

const STYLE_WORDS: Record<FusionStyle, string> = {
  'photo réaliste': 'photorealistic commercial photograph, natural light, true-to-life materials',
  illustration: 'flat editorial illustration, clean shapes, limited colours, crisp outlines',
  '3D mockup': '3D rendered studio scene with a round podium, soft spotlight and glossy floor',
  minimaliste: 'minimalist set, calm empty space, few objects, soft even light',
  vintage: 'vintage film photograph, warm faded tones, soft grain and vignette',
  cyberpunk: 'cyberpunk night scene, neon glow, magenta and cyan light, reflections',
  'hand-drawn': 'hand-drawn pencil and ink sketch on paper with light watercolour washes',
};

const PALETTE_WORDS: Record<FusionPalette, string> = {
  chaude: 'warm palette of amber, terracotta and golden light',
  froide: 'cool palette of blues, teal and crisp daylight',
  pastel: 'soft pastel palette, powder pink, mint and lavender, low contrast',
  néon: 'saturated neon palette, electric magenta and cyan',
  noir_blanc: 'black and white, rich greys, no colour',
};

const THIRDS = ['left', 'centre', 'right'] as const;

type PromptInput = {
  style: FusionStyle;
  palette: FusionPalette;
  canvas: { width: number; height: number };
  productBox: Box;
  third: 0 | 1 | 2;
  textBoxes: Box[];
  /** A brand's colours, which replace the palette's words. */
  colours?: readonly string[];
};

function where(box: Box, canvas: { width: number; height: number }): string {
  const midY = (box.y + box.height / 2) / canvas.height;
  return midY < 0.4 ? 'upper part' : midY > 0.6 ? 'lower part' : 'middle';
}

export function scenePrompt(input: PromptInput): string {
  const { canvas, productBox } = input;
  const ground = Math.round(((productBox.y + productBox.height) / canvas.height) * 100);
  const parts = [
    `Advertising poster background, ${STYLE_WORDS[input.style]}`,
    input.colours ? `a palette of these colours: ${input.colours.join(', ')}` : PALETTE_WORDS[input.palette],
    `set in the customer's own context photo, which it must keep recognisable`,
    `an empty surface in the ${THIRDS[input.third]} third for a product to stand on, at ${ground}% of the height`,
    ...input.textBoxes.map((box) => `uncluttered, calm area in the ${where(box, canvas)} for a headline`),
    // The spec's fixed values: sharp context, immersive integration, adult general audience, poster use.
    'the whole background in sharp focus, immersive integration, for a general adult audience, poster use',
    'no text, no letters, no logos, no product, no people in the foreground',
    `${canvas.width}x${canvas.height}`,
  ];
  return parts.join('; ') + '.';
}
