/** Where the podium stands and how deep the room under the product is: both stop short of any text set under it. */
import type { FusionPlan, TextBlock } from '../../art-direction/types';
import type { Placement } from '../draw/place-product';
import type { PodiumSpec } from '../draw/podium';

/** Room below the ground line before text set under the product, or the canvas edge. */
export function depthBelow(plan: FusionPlan, blocks: TextBlock[]): number {
  const { groundY } = plan.product;
  return Math.min(plan.canvas.height, ...blocks.map((t) => t.box.y).filter((y) => y > groundY)) - groundY;
}

/** Podium and reflection stop short of any text set under the product. */
export function podiumSpec(plan: FusionPlan, placement: Placement, blocks: TextBlock[]): PodiumSpec {
  return {
    centreX: placement.x + placement.width / 2,
    groundY: plan.product.groundY,
    productWidth: placement.width,
    depth: depthBelow(plan, blocks),
    canvas: plan.canvas,
    grading: plan.grading,
    light: plan.light,
  };
}
