/**
 * Product box, ground line and text boxes for a canvas. The product's centre stays in the third the
 * shop owner chose, and text boxes never overlap the product box.
 */
import type { FusionPosition, Size } from '@vitrine/shared/api/generation';
import type { Box, TextRole } from './types';
import type { VariantRecipe } from './variants';

export type Layout = {
  product: { box: Box; groundY: number; third: 0 | 1 | 2 };
  text: Partial<Record<TextRole, Box>>;
  align: 'left' | 'center';
};

const THIRD: Record<FusionPosition, 0 | 1 | 2> = { gauche: 0, centré: 1, droite: 2 };

type Shape = 'tall' | 'square' | 'wide';
const shapeOf = ({ width, height }: Size): Shape =>
  width / height < 0.9 ? 'tall' : width / height > 1.5 ? 'wide' : 'square';

/** Product width as a share of the canvas width, before the variant's scale. */
const PRODUCT_WIDTH: Record<Shape, number> = { tall: 0.66, square: 0.46, wide: 0.32 };
const SLOGAN_HEIGHT: Record<Shape, number> = { tall: 0.1, square: 0.13, wide: 0.15 };
const OUTER_CENTRE: Record<Shape, number> = { tall: 0.27, square: 0.26, wide: 1 / 6 };

const round = (box: Box): Box => ({
  x: Math.round(box.x),
  y: Math.round(box.y),
  width: Math.round(box.width),
  height: Math.round(box.height),
});

/** Slogan then tagline stacked from `top`, or ending at `bottom` when top is null. */
function stack(x: number, width: number, anchor: { top: number } | { bottom: number }, heights: number[]) {
  const gap = heights[0] ? heights[0] * 0.12 : 0;
  const total = heights.reduce((sum, h) => sum + h, 0) + gap * (heights.filter(Boolean).length - 1);
  let y = 'top' in anchor ? anchor.top : anchor.bottom - total;
  return heights.map((height) => {
    const box = height ? round({ x, y, width, height }) : undefined;
    if (height) y += height + gap;
    return box;
  });
}

export function layOut(
  canvas: Size,
  position: FusionPosition,
  recipe: VariantRecipe,
  has: { slogan: boolean; tagline: boolean },
): Layout {
  const { width: W, height: H } = canvas;
  const shape = shapeOf(canvas);
  const third = THIRD[position];
  const margin = 0.05 * Math.min(W, H);
  const band = (has.slogan || has.tagline) && (shape === 'tall' || third === 1);
  // A side column is narrow but tall: it gets taller boxes, so the type is not smaller than in a band.
  const sloganH = has.slogan ? SLOGAN_HEIGHT[shape] * H * (band ? 1 : 1.5) : 0;
  const taglineH = has.tagline ? SLOGAN_HEIGHT[shape] * H * (band ? 0.45 : 0.6) : 0;
  const textH = sloganH + taglineH + (sloganH && taglineH ? sloganH * 0.12 : 0);

  // Horizontal centre: in the chosen third, nudged by the variant, never out of the third.
  const thirdW = W / 3;
  const base = third === 1 ? W / 2 : third === 0 ? OUTER_CENTRE[shape] * W : W - OUTER_CENTRE[shape] * W;
  const outward = third === 0 ? -1 : 1;
  const nudged = base - recipe.shift * outward * 0.035 * W;
  const cx = Math.min(Math.max(nudged, third * thirdW + 0.03 * W), (third + 1) * thirdW - 0.03 * W);

  let top = margin * 1.5;
  const ground = H * (shape === 'wide' ? 0.92 : 0.9);
  const text: Layout['text'] = {};
  const gap = 0.03 * H;
  if (band) {
    // The band stays above the product: below it, the ground line would rise and the product float
    // in mid-air over most photos. Variants vary its alignment instead.
    const x = margin * 1.5;
    [text.slogan, text.tagline] = stack(x, W - 3 * margin, { top: margin * 1.5 }, [sloganH, taglineH]);
    top = margin * 1.5 + textH + gap;
  }

  const room = ground - top;
  let width = PRODUCT_WIDTH[shape] * W * recipe.scale;
  width = Math.min(width, 2 * (cx - margin), 2 * (W - margin - cx));
  const height = Math.round(Math.min(room, room * 0.88 * recipe.scale));
  const groundY = Math.round(ground);
  const box = { ...round({ x: cx - width / 2, y: 0, width, height }), y: groundY - height };

  if (textH > 0 && !band) {
    // Text column on the side away from the product.
    const x0 = third === 0 ? box.x + box.width + gap : margin * 1.5;
    const x1 = third === 0 ? W - margin * 1.5 : box.x - gap;
    const anchor = recipe.textAt === 'start' ? { top: 0.2 * H } : { bottom: 0.8 * H };
    [text.slogan, text.tagline] = stack(x0, x1 - x0, anchor, [sloganH, taglineH]);
  }
  for (const role of ['slogan', 'tagline'] as const) if (!text[role]) delete text[role];

  return {
    product: { box, groundY, third },
    text,
    align: band && recipe.textAt === 'start' ? 'center' : 'left',
  };
}
