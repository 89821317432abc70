/** The style's light just outside the product's outline: a neon glow. */
import { drawEdge } from '../../../draw/product-edge';
import type { Step } from '../../../steps';
import type { FusionContext } from '../../context';

export const edgeStep: Step<FusionContext> = {
  name: ({ plan }) => `${plan.effects.productEdge} edge`,
  async run({ scene, early }) {
    const art = await early.edge;
    if (!art) return false;
    drawEdge(scene, art);
  },
};
