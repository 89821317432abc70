/** The contact shadow where the product touches the ground, cast away from the key light. */
import { footprint } from '../../../draw/place-product';
import { castSilhouette } from '../../../draw/cast-shadow';
import { castShadow, contactShadow } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import type { FusionPlan } from '../../../../art-direction/types';

/** The least shade under a standing product in any style: less, and it floats. */
const GROUNDED = 0.75;

export const shadowStep: Step<FusionContext> = {
  // Every cut-out product has one: the staging names it.
  name: () => [],
  async run(context) {
    const { light, effects, grading, lighting } = context.plan;
    const { resized, placement } = sizedOf(context);
    const tint = grading.swatch.dark;
    // A light the user chose sets the cast shadow's softness and strength; the product still rests.
    const cast = lighting && { strength: CAST_MOST * lighting.strength, softness: lighting.softness };
    const rests = lighting ? RESTS_LEAST + (1 - RESTS_LEAST) * lighting.strength : null;
    // Seen from above, the product lies on the surface: its shadow falls beside it, and no light gets
    // under the edge it rests on (the lower one, as a high angle shows it).
    if (context.plan.view === 'top') {
      await castSilhouette(context.scene, resized, placement, light, {
        strength: cast?.strength ?? Math.min(0.8, effects.shadow * 1.1),
        softness: cast?.softness ?? 0.35,
        tint,
        lay: 'beside',
      });
      contactShadow(context.scene, resized, placement, rests ?? effects.shadow * 0.8, tint);
      return;
    }
    // The shape's own shadow on the surface, then the contact and the ambient shade under the base.
    await castSilhouette(context.scene, resized, placement, light, {
      strength: cast?.strength ?? effects.shadow * 0.55,
      softness: cast?.softness ?? 0.5,
      tint,
    });
    const grounded = rests ?? Math.max(effects.shadow, GROUNDED);
    castShadow(context.scene, footprint(resized, placement), light, grounded, tint);
    contactShadow(context.scene, resized, placement, grounded, tint);
  },
};

/** Where the automatic key light comes from, as an angle: the direction its silhouette is laid in. */
const AUTOMATIC_ANGLE: Record<FusionPlan['light']['from'], number> = { left: 196, right: 344, top: 270 };

/**
 * The light and shadow a variant was made with, in the form's terms (metadata): chosen, read from the
 * scene, or the variant's own; the reflection on or off.
 */
export function lightUsed(plan: FusionPlan) {
  const { lighting, light, effects, view } = plan;
  const reflection = view !== 'top' && effects.reflection > 0;
  if (lighting) return { from: 'chosen' as const, ...lighting, reflection };
  const cast = view === 'top' ? Math.min(0.8, effects.shadow * 1.1) : effects.shadow * 0.55;
  return {
    from: plan.ground.light === 'scene' ? ('scene' as const) : ('variant' as const),
    angle: AUTOMATIC_ANGLE[light.from],
    softness: view === 'top' ? 0.35 : 0.5,
    strength: Math.round((cast / CAST_MOST) * 100) / 100,
    reflection,
  };
}

/** The darkest a chosen cast shadow gets, at strength 1. */
const CAST_MOST = 0.8;
/** The contact and ambient shade under a product whose cast shadow the user turned down to 0. */
const RESTS_LEAST = 0.4;
