/**
 * A marketplace's main image (decision 059): the product alone, centred, on pure white (#FFFFFF), its
 * box's larger side 80 to 90 % of the frame's side; no scene, set, podium, prop, style or text. The
 * variants differ in what the rules leave open: a faint contact shadow or none, and the product's scale
 * within the allowed range, so a request for four gives four images a shop owner can choose between.
 */
import { MARKETPLACE } from '@vitrine/shared/api/generation';
import type { FusionPlan, Packshot } from './types';

/**
 * Variant by variant: 85 % plain (the safest for the strictest marketplace), 85 % with a shadow, then
 * more air (81 %) and closer (89 %), each inside 80 to 90 % with room for rounding.
 */
export const PACKSHOT_VARIANTS: readonly Packshot[] = [
  { fill: 0.85, shadow: false },
  { fill: 0.85, shadow: true },
  { fill: 0.81, shadow: false },
  { fill: 0.89, shadow: true },
];

/**
 * The plan of a marketplace variant, made from the plan the request would otherwise have: the product's
 * box is the square of the variant's fill in the middle of the frame (the product is fitted in it by its
 * larger side), and everything drawn around it is left out.
 */
export function packshotOf(plan: FusionPlan): FusionPlan {
  const packshot = PACKSHOT_VARIANTS[plan.variant % PACKSHOT_VARIANTS.length]!;
  if (packshot.fill < MARKETPLACE.minFill || packshot.fill > MARKETPLACE.maxFill)
    throw new Error(`a marketplace fill of ${packshot.fill} is outside the rules`);
  const { width, height } = plan.canvas;
  const side = Math.round(packshot.fill * Math.min(width, height));
  const box = {
    x: Math.round((width - side) / 2),
    y: Math.round((height - side) / 2),
    width: side,
    height: side,
  };
  return {
    ...plan,
    position: 'centré',
    shot: 'hero',
    product: {
      box,
      centreX: width / 2,
      groundY: box.y + side,
      third: 1,
      stage: box,
      share: 1,
      anchor: 'centre',
    },
    ground: { on: 'planned', light: 'variant' },
    effects: { ...plan.effects, podium: false, reflection: 0 },
    text: [],
    textAlternatives: [],
    prompt: 'The product alone, centred, on a pure white background (#FFFFFF): no scene, no props, no text.',
    packshot,
  };
}
