/** The product's glossy reflection under its ground line, short of any text set there (3D mockup). */
import { drawReflection } from '../../../draw/reflection';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { depthBelow } from '../../podium-spec';

export const reflectionStep: Step<FusionContext> = {
  name: () => 'reflection',
  async run(context) {
    const { plan } = context;
    const strength = plan.effects.reflection;
    if (strength <= 0) return false;
    const { resized, placement } = sizedOf(context);
    await drawReflection(context.scene, resized, placement, strength, depthBelow(plan, context.blocks));
  },
};
