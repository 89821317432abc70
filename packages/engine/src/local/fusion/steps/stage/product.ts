/** The product's own pixels, in the scene's light, with light wrap on the edge, and the vignette. */
import { alphaCoverage } from '../../../draw/coverage';
import { blendProduct } from '../../../draw/place-product';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';

export const productStep: Step<FusionContext> = {
  // The staging names it, with its method of cut-out.
  name: () => [],
  async run(context) {
    const { resized, placement } = sizedOf(context);
    await blendProduct(context.scene, resized, placement, context.plan.light, { vignette: context.shade });
    context.coverage = alphaCoverage(resized, placement);
  },
};
