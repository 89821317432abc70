/**
 * The style restructures the scene (depth of field, studio sweep, flat inked illustration, pencil and
 * watercolour...) before the product is there: it never touches the product.
 */
import { styliseStructure } from '../../draw/stylise';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const styliseStructureStep: Step<FusionContext> = {
  // The grading pass finishes the style and names it.
  name: () => [],
  async run(context) {
    const { effects, grading, product } = context.plan;
    context.scene = await styliseStructure(
      context.scene,
      effects,
      grading,
      product,
      context.seed,
      context.blurred,
    );
  },
};
