/** The backdrop shot's panel, standing behind the product. */
import { drawBackdrop } from '../../../draw/backdrop';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

export const backdropStep: Step<FusionContext> = {
  name: () => 'backdrop panel',
  async run(context) {
    const { plan, scene, shade } = context;
    if (plan.shot !== 'backdrop') return false;
    const { stage, groundY } = plan.product;
    const { grading, effects, light, canvas } = plan;
    const spec = { product: sizedOf(context).placement, stage, groundY, canvas };
    // Not drawn when the stage has no room for it.
    return (await drawBackdrop(scene, { ...spec, grading, effects, light }, shade)) !== null;
  },
};
