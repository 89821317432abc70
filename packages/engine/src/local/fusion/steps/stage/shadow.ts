/** The contact shadow where the product touches the ground, cast away from the key light. */
import { footprint } from '../../../draw/place-product';
import { castShadow } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

export const shadowStep: Step<FusionContext> = {
  // Every cut-out product has one: the staging names it.
  name: () => [],
  run(context) {
    const { light, effects, grading } = context.plan;
    const { resized, placement } = sizedOf(context);
    castShadow(context.scene, footprint(resized, placement), light, effects.shadow, grading.swatch.dark);
  },
};
