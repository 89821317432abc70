/** The contact shadow where the product touches the ground, cast away from the key light. */
import { footprint } from '../../../draw/placement';
import { castSilhouette } from '../../../draw/cast-shadow';
import { castShadow, contactShadow } from '../../../draw/shadow';
import { shadeUnder } from '../../../draw/support';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import type { FusionPlan } from '../../../../art-direction/types';

/** The least shade under a standing product in any style: less, and it floats. */
const GROUNDED = 0.75;

export const shadowStep: Step<FusionContext> = {
  // Every cut-out product has one: the staging names it.
  name: () => [],
  async run(context) {
    const { light, grading } = context.plan;
    const { resized, placement, support } = sizedOf(context);
    const tint = grading.swatch.dark;
    const { cast, rests } = shadeOf(context.plan);
    // Seen from above, the product lies on the surface: its shadow falls beside it, and no light gets
    // under the edge it rests on (the lower one, as a high angle shows it).
    const top = context.plan.view === 'top';
    await castSilhouette(context.scene, resized, placement, light, {
      ...cast,
      tint,
      ...(top && { lay: 'beside' as const }),
    });
    if (top && !context.plan.product.stands) {
      contactShadow(context.scene, resized, placement, rests, tint);
      return;
    }
    // Standing (or seen from above where it stood): the contact and the ambient shade under the base,
    // and under a product that stood on two parts, the shade between them and the contact at both.
    castShadow(context.scene, footprint(resized, placement, support), light, rests, tint);
    if (support) shadeUnder(context.scene, support, placement, rests, tint, resized.height);
    contactShadow(context.scene, resized, placement, rests, tint, support);
  },
};

/** How strongly the product rests on the surface: its contact and ambient shade. */
export const restingShade = (plan: FusionPlan): number => shadeOf(plan).rests;

/**
 * The shade a variant's product gets: its cast silhouette (as chosen in the form, or the style's) and
 * the contact and ambient shade under it, never below GROUNDED for a standing product (decision 058).
 */
function shadeOf({ lighting, effects, view, ground, product }: FusionPlan) {
  if (lighting)
    return {
      cast: { strength: CAST_MOST * lighting.strength, softness: lighting.softness },
      rests: Math.max(GROUNDED, RESTS_LEAST + (1 - RESTS_LEAST) * lighting.strength),
    };
  if (view === 'top')
    return {
      cast: { strength: Math.min(0.8, effects.shadow * 1.1), softness: 0.35 },
      // A product that stood, seen from a high angle, rests on its lower edge as a standing one does.
      rests: product.stands ? Math.max(GROUNDED, effects.shadow) : effects.shadow * 0.8,
    };
  // Under a clear sun the scene's own shadows are sharp and dark: the product's follows them (the plan
  // carries a hardness only when the scene's light gave the key light's side).
  const sun = sunniness(ground.hardness);
  return {
    cast: {
      strength: Math.min(CAST_MOST, effects.shadow * (0.55 + 0.45 * sun)),
      softness: 0.5 - 0.38 * sun,
    },
    rests: Math.max(effects.shadow, GROUNDED),
  };
}

/**
 * How much of a clear sun's shadow a scene's light throws: none up to a light half hard (an overcast
 * sky, a window, a studio's softbox keep the soft shadow), all of it from HARD_SUN.
 */
export const sunniness = (hardness: number | undefined): number =>
  hardness === undefined ? 0 : Math.min(1, Math.max(0, (hardness - 0.5) / (HARD_SUN - 0.5)));

/** A scene's light this hard (its annotation's softness 0.1) throws a clear sun's shadow. */
const HARD_SUN = 0.9;

/**
 * Where the automatic key light comes from, as an angle: the direction its shadow is thrown in. A
 * standing product's silhouette is laid sideways and a little back; seen from above, the shadow moves
 * sideways and down.
 */
const AUTOMATIC_ANGLE: Record<'front' | 'top', Record<FusionPlan['light']['from'], number>> = {
  front: { left: 196, right: 344, top: 270 },
  top: { left: 135, right: 45, top: 90 },
};

/**
 * The light and shadow a variant was made with, in the form's terms (metadata): chosen, read from the
 * scene, or the variant's own; the reflection on or off.
 */
export function lightUsed(plan: FusionPlan) {
  const { lighting, light, effects, view } = plan;
  const reflection = view !== 'top' && effects.reflection > 0;
  if (lighting) return { from: 'chosen' as const, ...lighting, reflection };
  const { cast } = shadeOf(plan);
  return {
    from: plan.ground.light === 'scene' ? ('scene' as const) : ('variant' as const),
    angle: AUTOMATIC_ANGLE[view][light.from],
    softness: Math.round(cast.softness * 100) / 100,
    strength: Math.round((cast.strength / CAST_MOST) * 100) / 100,
    reflection,
  };
}

/** The darkest a chosen cast shadow gets, at strength 1. */
const CAST_MOST = 0.8;
/** The contact and ambient shade under a product whose cast shadow the user turned down to 0. */
const RESTS_LEAST = 0.4;
