/**
 * Product box, ground line and text boxes for a canvas. The product's centre stays in the third the
 * shop owner chose, it keeps headroom above it and stands on a ground line with floor in front of it,
 * and text boxes never overlap the product box. Text gets alternative places too: the renderer keeps
 * the one whose part of the scene is calmest.
 */
import type { FusionPosition, FusionStyle, Size } from '@vitrine/shared/api/generation';
import { safeAreaOf } from '@vitrine/shared/api/safe-area';
import type { Box, ProductPlace, TextRole } from './types';
import type { VariantRecipe } from './variants';

export type TextPlacement = Partial<Record<TextRole, Box>>;

export type Layout = {
  product: ProductPlace;
  text: TextPlacement;
  /** Other places the same text may go, also clear of the product box. */
  alternatives: TextPlacement[];
  align: 'left' | 'center';
};

const THIRD: Record<FusionPosition, 0 | 1 | 2> = { gauche: 0, centré: 1, droite: 2 };

type Shape = 'tall' | 'square' | 'wide';
const shapeOf = ({ width, height }: Size): Shape =>
  width / height < 0.9 ? 'tall' : width / height > 1.5 ? 'wide' : 'square';

/**
 * Widest the product's box may be, as a share of the canvas width, before the variant's scale: the
 * product itself is sized by area (the variant's share of the canvas) within it.
 */
const PRODUCT_WIDTH: Record<Shape, number> = { tall: 0.9, square: 0.8, wide: 0.6 };
/**
 * How much more of the canvas's area the product takes than the variant's share: a story is seen full
 * screen on a phone, where a product at a quarter of the height reads as small.
 */
const PRESENCE: Record<Shape, number> = { tall: 1.4, square: 1, wide: 1 };
/** Tallest the product may be, as a share of the canvas height, before the variant's scale. */
const PRODUCT_HEIGHT: Record<Shape, number> = { tall: 0.56, square: 0.66, wide: 0.7 };
/** The ground line: low enough to give the product room, high enough to show floor in front of it. */
const GROUND: Record<Shape, number> = { tall: 0.87, square: 0.86, wide: 0.88 };
/** The highest the ground line goes, as a share of the canvas height from the top. */
const HIGHEST_GROUND = 0.7;
/** Free space above the product, as a share of the canvas height, at the least. */
const HEADROOM = 0.07;
/** Never taller than this share of the canvas height, whatever the variant's scale. */
const MAX_HEIGHT = 0.72;
const SLOGAN_HEIGHT: Record<Shape, number> = { tall: 0.1, square: 0.13, wide: 0.15 };
/**
 * Centre of a product set left or right, as a share of the width from its edge: near the third's line
 * (the rule of thirds) rather than the middle of the third, so the product has room to be the hero.
 */
const OUTER_CENTRE: Record<Shape, number> = { tall: 0.31, square: 0.3, wide: 0.28 };

/** What a style asks of the layout. */
const STYLE_LAYOUT: Partial<Record<FusionStyle, { scale?: number; podium?: number }>> = {
  // Calm space: a smaller product, more air around it.
  minimaliste: { scale: 0.86 },
  // The podium stands under the ground line: room for it, as a share of the canvas height.
  '3D mockup': { podium: 0.13, scale: 0.94 },
};

/** Room under the ground line for the studio set's podium, in any style, as a share of the canvas height. */
const SET_PODIUM = 0.1;
/** How far from the middle the studio set stands a centred product, as a share of the width. */
const SET_ASIDE: Record<Shape, number> = { tall: 0.08, square: 0.1, wide: 0.13 };

const round = (box: Box): Box => ({
  x: Math.round(box.x),
  y: Math.round(box.y),
  width: Math.round(box.width),
  height: Math.round(box.height),
});

/** Slogan then tagline stacked from `top`, or ending at `bottom`. */
function stack(x: number, width: number, anchor: { top: number } | { bottom: number }, heights: number[]) {
  const gap = heights[0] ? heights[0] * 0.12 : 0;
  const total = heights.reduce((sum, h) => sum + h, 0) + gap * (heights.filter(Boolean).length - 1);
  let y = 'top' in anchor ? anchor.top : anchor.bottom - total;
  const [slogan, tagline] = heights.map((height) => {
    const box = height ? round({ x, y, width, height }) : undefined;
    if (height) y += height + gap;
    return box;
  });
  const placement: TextPlacement = {};
  if (slogan) placement.slogan = slogan;
  if (tagline) placement.tagline = tagline;
  return placement;
}

export function layOut(
  canvas: Size,
  position: FusionPosition,
  recipe: VariantRecipe,
  has: { slogan: boolean; tagline: boolean },
  style: FusionStyle = 'photo réaliste',
): Layout {
  const { width: W, height: H } = canvas;
  const shape = shapeOf(canvas);
  const third = THIRD[position];
  const styled = STYLE_LAYOUT[style] ?? {};
  const margin = 0.05 * Math.min(W, H);
  // Text and the product stay in the safe area (a story's overlays, every format's margins).
  const safe = safeAreaOf(canvas);
  // The product's reach, the stage and the text keep to the safe area's sides where they are wider than
  // the margin (a feed post's, narrowed to the 3:4 crop of a profile grid); elsewhere, the margin.
  const side = Math.max(margin, safe.x);
  const inset = Math.max(margin * 1.5, side + 0.5 * margin);
  // Clear of a story's top bar by more than a hair: a headline touching it reads as under it.
  const textTop = Math.max(margin * 1.5, safe.y + (safe.y >= 0.1 * H ? 0.75 : 0.25) * margin);
  const band = (has.slogan || has.tagline) && (shape === 'tall' || third === 1);
  // A side column is narrow but tall: it gets taller boxes, so the type is not smaller than in a band.
  const sloganH = has.slogan ? SLOGAN_HEIGHT[shape] * H * (band ? 1 : 1.5) * recipe.textScale : 0;
  const taglineH = has.tagline ? SLOGAN_HEIGHT[shape] * H * (band ? 0.45 : 0.6) * recipe.textScale : 0;
  const textH = sloganH + taglineH + (sloganH && taglineH ? sloganH * 0.12 : 0);

  // Horizontal centre: in the chosen third, nudged by the variant, never out of the third.
  const thirdW = W / 3;
  const base = third === 1 ? W / 2 : third === 0 ? OUTER_CENTRE[shape] * W : W - OUTER_CENTRE[shape] * W;
  const outward = third === 0 ? -1 : 1;
  // A centred product stays centred (moving it would only shorten its reach on one side), except on the
  // studio set, which stands it a little aside, its set around it: another picture than the hero's.
  const nudged =
    third === 1 ? base - (recipe.set ? SET_ASIDE[shape] * W : 0) : base - recipe.shift * outward * 0.035 * W;
  const cx = Math.min(Math.max(nudged, third * thirdW + 0.015 * W), (third + 1) * thirdW - 0.015 * W);

  let top = textTop;
  // A story's podium is shallower: its height is short of room for the product between the overlays.
  const podiumRoom = recipe.onScene
    ? 0
    : (styled.podium ?? (recipe.set ? SET_PODIUM : 0)) * (shape === 'tall' ? 0.7 : 1);
  // Never higher than HIGHEST_GROUND: above it, the product would float in mid-air over most photos;
  // never below the safe area, where a story's reply field would hide the product's base.
  const groundY = Math.round(
    Math.min(H * Math.max(HIGHEST_GROUND, GROUND[shape] + recipe.ground - podiumRoom), safe.y + safe.height),
  );
  const gap = 0.03 * H;
  let text: TextPlacement = {};
  if (band) {
    // The band stays above the product: below it, the ground line would rise and the product float
    // in mid-air over most photos. Variants vary its alignment instead.
    text = stack(inset, W - 2 * inset, { top: textTop }, [sloganH, taglineH]);
    top = textTop + textH + gap;
  }

  // Under a band, the gap below the text is part of the headroom.
  const room = groundY - top - (band ? HEADROOM * H - gap : HEADROOM * H);
  const scale = recipe.scale * (styled.scale ?? 1);
  // A tall canvas is too narrow for a product kept inside its third (a wide one would shrink to a
  // strip): there the product may reach across the middle, and still leans to the chosen side.
  const spans = shape === 'tall' && third !== 1;
  const boxCentre = spans ? W / 2 : cx;
  const halfReach = spans ? W / 2 - side : Math.min(cx - side, W - side - cx);
  // In a tall canvas the width only caps a wide product: the area share sizes it, and a wide product
  // made narrower by the variant would shrink to a strip across the middle of the story.
  const width = Math.min(PRODUCT_WIDTH[shape] * W * (shape === 'tall' ? 1 : scale), 2 * halfReach);
  const height = Math.floor(Math.min(room, PRODUCT_HEIGHT[shape] * H * scale, MAX_HEIGHT * H));
  const box = { ...round({ x: boxCentre - width / 2, y: 0, width, height }), y: groundY - height };

  // Text column on the side away from the product, at the top, the middle or the foot of the column.
  const alternatives: TextPlacement[] = [];
  if (textH > 0 && !band) {
    const x0 = third === 0 ? box.x + box.width + gap : inset;
    const x1 = third === 0 ? W - inset : box.x - gap;
    const columnTop = textTop + 0.04 * H;
    const columnFoot = groundY - 0.02 * H;
    const anchors = {
      start: { top: columnTop },
      middle: { top: Math.max(columnTop, (columnTop + columnFoot - textH) / 2) },
      end: { bottom: Math.max(columnTop + textH, columnFoot) },
    } as const;
    const order =
      recipe.textAt === 'start'
        ? (['start', 'middle', 'end'] as const)
        : (['end', 'middle', 'start'] as const);
    const [first, ...others] = order.map((at) => stack(x0, x1 - x0, anchors[at], [sloganH, taglineH]));
    text = first!;
    alternatives.push(...others);
  }

  // The stage: the widest box clear of the text and the canvas margins whose centre stays in the third.
  // A print of the photo (the framed layout) may fill it.
  const textBoxes = [text, ...alternatives].flatMap((placement) => Object.values(placement));
  let left = side;
  let right = W - side;
  for (const t of textBoxes) {
    if (t.y >= groundY || t.y + t.height <= top) continue;
    if (t.x >= cx) right = Math.min(right, t.x - gap);
    else left = Math.max(left, t.x + t.width + gap);
  }
  const centre = Math.min(
    Math.max((left + right) / 2, third * thirdW + 0.03 * W),
    (third + 1) * thirdW - 0.03 * W,
  );
  const halfStage = Math.max(0, Math.min(centre - left, right - centre));
  const stage =
    halfStage > box.width / 2
      ? {
          ...round({ x: centre - halfStage, y: top, width: 2 * halfStage, height: 0 }),
          height: groundY - Math.round(top),
        }
      : { ...box, y: Math.round(top), height: groundY - Math.round(top) };

  return {
    // A style that asks for a smaller product asks for less of the canvas's area too (less so in a tall
    // canvas, where the product's presence comes first).
    product: {
      box,
      centreX: Math.round(cx),
      groundY,
      third,
      stage,
      share: recipe.share * PRESENCE[shape] * (styled.scale ?? 1) ** (shape === 'tall' ? 1 : 2),
      ...(recipe.presence && { presence: recipe.presence }),
    },
    text,
    alternatives,
    align: band && recipe.textAt === 'start' ? 'center' : 'left',
  };
}
