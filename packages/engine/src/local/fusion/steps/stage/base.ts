/** The product's own base, shaded where it meets the surface (draw/shadow.ts: occludeBase). */
import { occludeBase } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { restingShade } from './shadow';

/** Laid flat or held at its centre, unless it stood when photographed from above (its lower edge). */
const footless = ({ product }: FusionContext['plan']) => product.anchor === 'centre' && !product.stands;

export const baseStep: Step<FusionContext> = {
  name: ({ plan }) => (footless(plan) ? [] : ['base in contact']),
  async run(context) {
    // A product laid flat or held at its centre has no foot: nothing of it rests on one edge.
    if (footless(context.plan)) return;
    const { resized, placement } = sizedOf(context);
    const tint = context.plan.grading.swatch.dark;
    occludeBase(context.scene, resized, placement, restingShade(context.plan), tint);
  },
};
