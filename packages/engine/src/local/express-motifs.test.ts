import { describe, expect, it } from 'vitest';
import { EXPRESS_FORMATS, expressRequest } from '@vitrine/shared/api/generation';
import { planExpressVariants } from '../art-direction/express-plan';
import { fromSvg, toRaw } from '../image/sharp';
import { expressBackground } from './express-motifs';
import { busyness, CALM_ENOUGH } from './text-calm';

describe('Express motifs compose around the headline', () => {
  // The styles whose shapes are scattered over the canvas: blobs, leaves, and the techno grid.
  for (const style of ['artistique', 'naturel', 'techno'] as const) {
    it(`${style}: the headline box and the logo corner stay calm in every format and variant`, async () => {
      for (const format of EXPRESS_FORMATS) {
        const request = expressRequest.parse({ style, format, description: 'Boulangerie Dupré' });
        for (const plan of planExpressVariants(request)) {
          const svg = expressBackground(
            plan.canvas,
            plan.design,
            plan.seed,
            plan.mirrored,
            plan.headline!.box,
          );
          const image = await toRaw(fromSvg(svg).removeAlpha());
          const label = `${format} v${plan.variant}`;
          expect(busyness(image, plan.headline!.box), label).toBeLessThan(CALM_ENOUGH);
          expect(busyness(image, plan.logoZone), label).toBeLessThan(CALM_ENOUGH);
        }
      }
    }, 60_000);
  }
});
