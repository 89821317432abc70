/** What every Fusion image's metadata opens with (render-fusion.ts, render-packshot.ts). */
import type { FusionPlan } from '../../art-direction/types';
import type { Cutout } from '../../cutout/cutout';
import type { Placement } from '../draw/placement';

/**
 * What every Fusion image's metadata opens with, the scene's or the marketplace image's: the request's
 * choices, how the product was cut out and where it was placed, how it is shown and what it stands on.
 */
export function metadataHead(
  plan: FusionPlan,
  cutout: Cutout,
  size: { width: number; height: number },
  placement: Placement,
) {
  return {
    engine: 'local' as const,
    mode: 'fusion' as const,
    variant: plan.variant,
    width: size.width,
    height: size.height,
    style: plan.style,
    palette: plan.palette,
    position: plan.position,
    shot: plan.shot,
    cutout: {
      method: cutout.method,
      reason: cutout.reason,
      coverage: Math.round(cutout.coverage * 1000) / 1000,
      confidence: cutout.confidence,
    },
    product: placement,
    view: { view: plan.view, ...plan.viewChoice },
    ground: { ...plan.ground, lightFrom: plan.light.from },
  };
}
