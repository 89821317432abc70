/** The product's own base, shaded where it meets the surface (draw/shadow.ts: occludeBase). */
import { occludeBase } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { restingShade } from './shadow';

export const baseStep: Step<FusionContext> = {
  name: ({ plan }) => (plan.product.anchor === 'centre' ? [] : ['base in contact']),
  async run(context) {
    // A product laid flat or held at its centre has no foot: nothing of it rests on one edge.
    if (context.plan.product.anchor === 'centre') return;
    const { resized, placement } = sizedOf(context);
    const tint = context.plan.grading.swatch.dark;
    occludeBase(context.scene, resized, placement, restingShade(context.plan), tint);
  },
};
