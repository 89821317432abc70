/** The backdrop shot's panel, standing behind the product; seen from above, the sheet it lies on. */
import { drawBackdrop } from '../../../draw/backdrop';
import { drawFlatLay } from '../../../draw/flat-lay';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

export const backdropStep: Step<FusionContext> = {
  name: (context) => (context.plan.view === 'top' ? 'flat-lay sheet' : 'backdrop panel'),
  async run(context) {
    const { plan, scene, shade } = context;
    if (plan.shot !== 'backdrop') return false;
    const { stage, groundY } = plan.product;
    const { grading, effects, light, canvas } = plan;
    const spec = { product: sizedOf(context).placement, stage, groundY, canvas };
    // Not drawn when the stage has no room for it.
    const draw = plan.view === 'top' ? drawFlatLay : drawBackdrop;
    return (await draw(scene, { ...spec, grading, effects, light }, shade)) !== null;
  },
};
