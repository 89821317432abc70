/** The contact shadow where the product touches the ground, cast away from the key light. */
import { footprint } from '../../../draw/place-product';
import { castSilhouette } from '../../../draw/cast-shadow';
import { castShadow, contactShadow } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

export const shadowStep: Step<FusionContext> = {
  // Every cut-out product has one: the staging names it.
  name: () => [],
  async run(context) {
    const { light, effects, grading } = context.plan;
    const { resized, placement } = sizedOf(context);
    const tint = grading.swatch.dark;
    // Seen from above, the product lies on the surface: its shadow falls beside it, no contact line.
    if (context.plan.view === 'top') {
      await castSilhouette(context.scene, resized, placement, light, {
        strength: effects.shadow * 0.6,
        softness: 0.6,
        tint,
        lay: 'beside',
      });
      return;
    }
    // The shape's own shadow on the surface, then the contact and the ambient shade under the base.
    await castSilhouette(context.scene, resized, placement, light, {
      strength: effects.shadow * 0.55,
      softness: 0.5,
      tint,
    });
    castShadow(context.scene, footprint(resized, placement), light, effects.shadow, tint);
    contactShadow(context.scene, resized, placement, effects.shadow, tint);
  },
};
