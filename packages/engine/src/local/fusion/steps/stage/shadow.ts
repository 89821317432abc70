/** The contact shadow where the product touches the ground, cast away from the key light. */
import { footprint } from '../../../draw/place-product';
import { castSilhouette } from '../../../draw/cast-shadow';
import { castShadow, contactShadow } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

/** The least shade under a standing product in any style: less, and it floats. */
const GROUNDED = 0.75;

export const shadowStep: Step<FusionContext> = {
  // Every cut-out product has one: the staging names it.
  name: () => [],
  async run(context) {
    const { light, effects, grading } = context.plan;
    const { resized, placement } = sizedOf(context);
    const tint = grading.swatch.dark;
    // Seen from above, the product lies on the surface: its shadow falls beside it, and no light gets
    // under the edge it rests on (the lower one, as a high angle shows it).
    if (context.plan.view === 'top') {
      await castSilhouette(context.scene, resized, placement, light, {
        strength: Math.min(0.8, effects.shadow * 1.1),
        softness: 0.35,
        tint,
        lay: 'beside',
      });
      contactShadow(context.scene, resized, placement, effects.shadow * 0.8, tint);
      return;
    }
    // The shape's own shadow on the surface, then the contact and the ambient shade under the base.
    await castSilhouette(context.scene, resized, placement, light, {
      strength: effects.shadow * 0.55,
      softness: 0.5,
      tint,
    });
    const grounded = Math.max(effects.shadow, GROUNDED);
    castShadow(context.scene, footprint(resized, placement), light, grounded, tint);
    contactShadow(context.scene, resized, placement, grounded, tint);
  },
};
