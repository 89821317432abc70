/**
 * The product's own pixels, in the scene's light (a clear sun's lit and shaded sides), with light wrap on
 * the edge, and the vignette.
 */
import { alphaCoverage } from '../../../draw/coverage';
import { blendProduct } from '../../../draw/place-product';
import type { Step } from '../../../steps';
import { sizedOf, type FusionContext } from '../../context';
import { sunniness } from './shadow';

export const productStep: Step<FusionContext> = {
  // The staging names it, with its method of cut-out.
  name: () => [],
  async run(context) {
    const { resized, placement } = sizedOf(context);
    const { plan } = context;
    // Under a clear sun the product has a lit side and a side in shade, as the scene's objects do.
    await blendProduct(context.scene, resized, placement, plan.light, {
      vignette: context.shade,
      // Not on a product seen from above, even one that stood: from a high angle its rows are not the
      // sections of an upright body that the sun's sides are drawn on.
      sun: plan.lighting || plan.view === 'top' ? 0 : sunniness(plan.ground.hardness),
    });
    context.coverage = alphaCoverage(resized, placement);
  },
};
