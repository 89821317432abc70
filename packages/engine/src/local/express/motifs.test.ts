import { describe, expect, it } from 'vitest';
import { EXPRESS_FORMATS, expressRequest } from '@vitrine/shared/api/generation';
import { planExpressVariants } from '../../art-direction/express-plan';
import { fromSvg, rasteriseInBands, toRaw } from '../../image/sharp';
import { expressArt, svgDocument } from './motifs';
import { busyness, CALM_ENOUGH } from '../text/text-calm';

describe('Express motifs compose around the headline', () => {
  // The styles whose shapes are scattered over the canvas: blobs, leaves, and the techno grid.
  for (const style of ['artistique', 'naturel', 'techno'] as const) {
    it(`${style}: the headline box and the logo corner stay calm in every format and variant`, async () => {
      for (const format of EXPRESS_FORMATS) {
        const request = expressRequest.parse({ style, format, description: 'Boulangerie Dupré' });
        for (const plan of planExpressVariants(request)) {
          const art = expressArt(plan.canvas, plan.design, plan.seed, plan.mirrored, plan.headline!.box);
          const svg = svgDocument(art, plan.canvas);
          const image = await toRaw(fromSvg(svg).removeAlpha());
          const label = `${format} v${plan.variant}`;
          expect(busyness(image, plan.headline!.box), label).toBeLessThan(CALM_ENOUGH);
          expect(busyness(image, plan.logoZone), label).toBeLessThan(CALM_ENOUGH);
        }
      }
    }, 60_000);
  }
});

describe('Express designs drawn in bands', () => {
  it('match the design drawn whole, with no seam where the bands meet', async () => {
    for (const style of ['elegante', 'techno', 'naturel'] as const) {
      const request = expressRequest.parse({ style, format: 'story', description: 'Boulangerie Dupré' });
      const [plan] = planExpressVariants(request);
      const { canvas } = plan!;
      const art = expressArt(canvas, plan!.design, plan!.seed, plan!.mirrored, plan!.headline!.box);
      const whole = await toRaw(fromSvg(svgDocument(art, canvas)).removeAlpha());
      const banded = await rasteriseInBands(
        (band) => svgDocument(art, canvas, band),
        canvas.width,
        canvas.height,
        2,
      );
      expect([banded.width, banded.height, banded.channels]).toEqual([whole.width, whole.height, 3]);
      expect(banded.data.length).toBe(whole.data.length);
      let worst = 0;
      for (let i = 0; i < whole.data.length; i++)
        worst = Math.max(worst, Math.abs(whole.data[i]! - banded.data[i]!));
      // Gradients are dithered a level or two differently in each band; nothing more.
      expect(worst, style).toBeLessThanOrEqual(3);
    }
  }, 60_000);
});
