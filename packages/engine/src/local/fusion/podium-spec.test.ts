import { describe, expect, it } from 'vitest';
import { FUSION_FORMATS, FUSION_STYLES, fusionRequest } from '@vitrine/shared/api/generation';
import { planFusionVariants } from '../../art-direction/plan';
import { fitInBox } from '../draw/placement';
import { podiumBox, podiumRadius } from '../draw/podium';
import { PRODUCT_SHAPES } from '../../test-utils/product-shapes';
import { podiumSpec } from './podium-spec';

describe('the podium (the studio set’s, the 3D mockup’s)', () => {
  it('stands whole inside the frame, in every style, format and position, under a product set off-centre too (narrower, moved only when it must), and the product stays on its top', () => {
    let cases = 0;
    let narrowed = 0;
    for (const style of FUSION_STYLES)
      for (const format of FUSION_FORMATS)
        for (const position of ['centré', 'gauche', 'droite'] as const) {
          const request = fusionRequest.parse({
            position,
            style,
            palette: 'pastel',
            typography: 'moderne',
            format,
            slogan: 'Bougie lavande & figue',
          });
          for (const plan of planFusionVariants(request).filter((p) => p.effects.podium))
            for (const size of PRODUCT_SHAPES) {
              const placement = fitInBox(size, plan.product, plan.canvas);
              const spec = podiumSpec(plan, placement, plan.text);
              const box = podiumBox(spec);
              const label = `${style} ${format} ${position} variant ${plan.variant}, product ${size.width}x${size.height}`;
              const { width } = plan.canvas;
              // At least 3 % of the width clear of either side (to a pixel of rounding), unless the
              // product itself stands nearer the side: then the podium reaches under it.
              const side = Math.round(width * 0.03);
              const right = placement.x + placement.width;
              expect(box.x, label).toBeGreaterThanOrEqual(Math.min(side, placement.x) - 1);
              expect(box.x + box.width, label).toBeLessThanOrEqual(Math.max(width - side, right) + 1);
              // The product's base lies across the drum's top, not past its ends (one nearly as wide as
              // the frame on a drum as wide as the frame allows).
              const widest = Math.floor(width / 2) - side;
              if (placement.width <= 2 * widest) {
                expect(placement.x, label).toBeGreaterThanOrEqual(box.x - 1);
                expect(right, label).toBeLessThanOrEqual(box.x + box.width + 1);
              } else {
                expect(spec.radius, label).toBe(widest);
                expect(box.x, label).toBeGreaterThanOrEqual(side - 1);
                expect(box.x + box.width, label).toBeLessThanOrEqual(width - side + 1);
              }
              // Under the product's centre, narrower when the frame is near; moved only when even the
              // narrowest drum that holds the product would be cut.
              const centre = placement.x + placement.width / 2;
              if (Math.abs(spec.centreX - centre) > 1)
                expect(spec.radius, label).toBe(Math.min(Math.ceil((1.1 * placement.width) / 2), widest));
              cases++;
              if (spec.radius < podiumRadius(plan.canvas, placement.width)) narrowed++;
            }
        }
    expect(cases).toBeGreaterThan(20);
    // Some layouts set the product off-centre: the podium was made narrower for them.
    expect(narrowed).toBeGreaterThan(0);
  });

  it('under a product wider than the widest drum, is as wide as the frame allows and centred on the product, inside the frame', () => {
    const request = fusionRequest.parse({
      position: 'gauche',
      style: '3D mockup',
      palette: 'pastel',
      typography: 'moderne',
      format: 'carré',
      slogan: 'Bougie lavande & figue',
    });
    const plan = planFusionVariants(request).find((p) => p.effects.podium)!;
    const { width } = plan.canvas;
    const placement = { x: 0, y: 300, width: Math.round(width * 0.97), height: 300, scale: 1 };
    const spec = podiumSpec(plan, placement, plan.text);
    const box = podiumBox(spec);
    const side = Math.round(width * 0.03);
    expect(spec.radius).toBe(Math.floor(width / 2) - side);
    expect(box.x).toBeGreaterThanOrEqual(side - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(width - side + 1);
  });
});
