/**
 * A surface that ends within the photo (a café table, a kitchen island, a stone table): how much of its
 * width the product's room takes in each shot, and where the window stands so that the room is on it.
 * Pure; ground.ts frames the scene with it.
 */
import type { SceneReading } from './scene-reading';
import type { FusionPlan } from './types';

const round3 = (share: number) => Math.round(share * 1000) / 1000;

export type Placed = { product: FusionPlan['product']; left?: number; scale?: FusionPlan['ground']['scale'] };

/**
 * On a surface that does not run across the photo, the product takes at most this share of its width:
 * in the shot of the product in its context, a third, so that the table reads as a table around it; in
 * the hero and the close-up, two fifths, the camera nearer to keep the product large.
 */
const SPAN_FILL = { hero: 0.4, scene: 0.34, 'close-up': 0.42, backdrop: 0.55 } as const;

/**
 * The room's width across the surface: the shot's share of its span (SPAN_FILL), or in the shot of the
 * product in its context, less when the product's name gives its usual width and the scene's annotation
 * the surface's (a candle 8 cm wide takes a ninth of a 70 cm café table, not a third). A product that
 * would be a speck at that scale (a mug on a 1.4 m kitchen island) keeps a fifth of the canvas's
 * smaller side (NAMED_LEAST): larger than life rather than too small to sell (decision 101). The hero
 * and the close-up keep their share: their camera is nearer, and their purpose the product large.
 */
function roomAcross(
  plan: FusionPlan,
  spanCm: number | undefined,
  spanPx: number,
): { width: number; scale?: NonNullable<FusionPlan['ground']['scale']> } {
  const width = SPAN_FILL[plan.shot] * spanPx;
  const size = plan.product.size;
  if (plan.shot !== 'scene' || !size || spanCm === undefined) return { width };
  const named = Math.min(
    width,
    Math.max((size.cm / spanCm) * spanPx, NAMED_LEAST * Math.min(plan.canvas.width, plan.canvas.height)),
  );
  if (named >= width) return { width };
  return { width: named, scale: { cm: size.cm, word: size.word, fill: round3(named / spanPx) } };
}
/** The least share of the canvas's smaller side a product sized by its name keeps. */
const NAMED_LEAST = 0.2;

/** The product's room stays on the surface but for a tenth of its width at either end. */
const SPAN_INSET = 0.8;

/**
 * A surface that does not run across the photo (a café table, a kitchen island): the window moves
 * across so that the product's room (its box: the product is fitted inside it, centred on `centreX`)
 * stands on it, not beside it, and the room is made narrower when it is wider than the surface allows
 * at this distance; a product that already fits keeps its size. Null when no window puts it there.
 */
export function onSpan(
  plan: FusionPlan,
  reading: SceneReading,
  [left, right]: readonly [number, number],
  framing: { zoom: number },
  product: FusionPlan['product'],
): Placed | null {
  const { width: W, height: H } = plan.canvas;
  // Canvas pixels per share of the photo's width, and the share the window shows.
  const across = reading.width * Math.max(W / reading.width, H / reading.height) * framing.zoom;
  const shown = Math.min(1, W / across);
  const { box } = product;
  const fitted = roomAcross(plan, reading.surface?.spanCm, (right - left) * across);
  const width = Math.max(1, Math.min(box.width, Math.floor(fitted.width)));
  // The room about the product's centre, inside the box the layout gave.
  const x = Math.round(Math.min(box.x + box.width - width, Math.max(box.x, product.centreX - width / 2)));
  const centre = x + width / 2;
  const half = (SPAN_INSET * width) / 2 / across;
  // Where the room's centre meets the photo with the window centred, brought onto the surface.
  const wanted = Math.min(right - half, Math.max(left + half, (1 - shown) / 2 + centre / across));
  // Rounded to a thousandth (cropWindow keeps the window inside the photo).
  const last = Math.floor((1 - shown) * 1000) / 1000;
  const start = Math.min(last, Math.round(Math.max(0, wanted - centre / across) * 1000) / 1000);
  const at = start + centre / across;
  if (at < left + half - 0.002 || at > right - half + 0.002) return null;
  const room: FusionPlan['product'] =
    width < box.width ? { ...product, box: { ...box, x, width }, centreX: Math.round(centre) } : product;
  return { product: room, left: start, ...(fitted.scale && width < box.width && { scale: fitted.scale }) };
}
