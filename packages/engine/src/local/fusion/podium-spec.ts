/** Where the podium stands and how deep the room under the product is: both stop short of any text set under it. */
import type { FusionPlan, TextBlock } from '../../art-direction/types';
import type { Placement } from '../draw/placement';
import { podiumRadius, type PodiumSpec } from '../draw/podium';
import { supportRise, type Support } from '../draw/support';

/** Room below the ground line before text set under the product, or the canvas edge. */
export function depthBelow(plan: FusionPlan, blocks: TextBlock[]): number {
  const { groundY } = plan.product;
  return Math.min(plan.canvas.height, ...blocks.map((t) => t.box.y).filter((y) => y > groundY)) - groundY;
}

/** The least room between the podium and the canvas's sides, as a share of its width. */
const SIDE_ROOM = 0.03;
/** The narrowest the drum's top gets under a product, as a share of the product's half-width. */
const LEAST_OVERHANG = 1.1;

/**
 * Podium and reflection stop short of any text set under the product. The podium stands under the
 * product's centre, and is made narrower when it would be cut by a side of the frame (a product set
 * off-centre beside its prop, or beside its text); when even the narrowest drum that holds the product
 * would be cut, it moves toward the middle, as far as it can while the product's base stays on it.
 */
export function podiumSpec(
  plan: FusionPlan,
  placement: Placement,
  blocks: TextBlock[],
  support: Support | null = null,
): PodiumSpec {
  const { width } = plan.canvas;
  const side = Math.round(width * SIDE_ROOM);
  const centre = placement.x + placement.width / 2;
  // A product nearly as wide as the frame stands on a drum as wide as the frame allows.
  const least = Math.min(Math.ceil((LEAST_OVERHANG * placement.width) / 2), Math.floor(width / 2) - side);
  const fits = Math.floor(Math.min(centre - side, width - side - centre));
  const rx = Math.max(least, Math.min(podiumRadius(plan.canvas, placement.width), fits));
  const inside = Math.min(width - side - rx, Math.max(side + rx, centre));
  // Never so far that the product's base passes the drum's end (a product set nearer a side than the
  // room left there takes the podium with it); a product wider than the widest drum has it centred.
  const under =
    2 * rx < placement.width
      ? inside
      : Math.min(placement.x + rx, Math.max(placement.x + placement.width - rx, inside));
  const centreX = Math.round(under);
  const rise = supportRise(support);
  const stance = support
    ? [
        { dx: placement.x + support.from - centreX, rise: Math.round(rise.left) },
        { dx: placement.x + support.to - centreX, rise: Math.round(rise.right) },
      ]
    : [];
  return {
    centreX,
    radius: rx,
    groundY: plan.product.groundY,
    depth: depthBelow(plan, blocks),
    canvas: plan.canvas,
    grading: plan.grading,
    light: plan.light,
    stance,
  };
}
