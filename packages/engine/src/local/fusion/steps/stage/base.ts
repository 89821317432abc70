/** The product's own base, shaded where it meets the surface (draw/shadow.ts: occludeBase). */
import { occludeBase } from '../../../draw/shadow';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { restingShade } from './shadow';

export const baseStep: Step<FusionContext> = {
  name: () => ['base in contact'],
  async run(context) {
    const { resized, placement } = sizedOf(context);
    const tint = context.plan.grading.swatch.dark;
    occludeBase(context.scene, resized, placement, restingShade(context.plan), tint);
  },
};
