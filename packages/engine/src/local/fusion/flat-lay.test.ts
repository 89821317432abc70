/** The studio set of a product seen from above: a flat-lay on a sheet of the palette's paper that fills the frame. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Box } from '../../art-direction/types';
import { decodeOutput } from '../../test-utils/measure';
import { baseRequest } from '../../test-utils/render-fixtures';
import { fusionPlans, renderFusion } from '../requests';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { FUSION_POSITIONS } from '@vitrine/shared/api/generation';
import { planFusionVariants } from '../../art-direction/plan';
import { discBox } from '../draw/flat-lay';
import { renderFusionVariant } from './render-fusion';
import { prepareContext, prepareProduct, type PreparedProduct } from '../prepare';
import { sceneJpeg } from '../../samples/synthetic';

const PHOTOS = path.join(import.meta.dirname, '../../samples/photos');

describe('a product seen from above keeps the angle it was photographed at unless it is long', () => {
  type Reason = 'one-surface' | 'one-sheet';
  const plans = (elongation: number | undefined, reason: Reason = 'one-surface') =>
    planFusionVariants(baseRequest({ variants: 4 }), { view: 'top', reason, elongation });
  const turnIn = (elongation: number | undefined, shot: string) =>
    plans(elongation).find((plan) => plan.shot === shot)!.product.turn ?? 0;

  it('a compact product (a jar, a toy, a shoe) is not slanted in the close-up: turned 15°, it tips over', () => {
    expect(turnIn(1.3, 'close-up')).toBe(0);
    // The scene shot's few degrees read as the camera's, and stay.
    expect(turnIn(1.3, 'scene')).toBe(-6);
  });

  it('a long one (a pen, a knife), or one whose shape was not read, lies at a slant in the close-up', () => {
    expect(turnIn(4, 'close-up')).toBe(15);
    expect(turnIn(undefined, 'close-up')).toBe(15);
  });

  it('a compact product on a surface that runs on behind it stood there; on a plain sheet it is a flat-lay', () => {
    expect(plans(1.3).every((plan) => plan.product.stands === true)).toBe(true);
    expect(plans(1.3, 'one-sheet').some((plan) => plan.product.stands)).toBe(false);
    expect(plans(4).some((plan) => plan.product.stands)).toBe(false);
  });
});

describe('a view the user chose', () => {
  const compactOnASurface = { view: 'top', reason: 'one-surface', elongation: 1.3 } as const;
  const product = (view: object) => ({ ready: Promise.resolve({ view }) as Promise<PreparedProduct> });
  /** A cut-out that fails: a plan that waits for it fails too. */
  const failing = () => {
    const ready = Promise.reject(new Error('still being cut out')) as Promise<PreparedProduct>;
    ready.catch(() => undefined);
    return { ready };
  };

  it('"from above" reads the product’s shape all the same: a compact product is not slanted, and stands', async () => {
    const plans = await fusionPlans(
      baseRequest({ variants: 4, productView: 'du dessus' }),
      product(compactOnASurface),
    );
    expect(plans.every((plan) => plan.view === 'top' && plan.viewChoice.from === 'chosen')).toBe(true);
    expect(plans.find((plan) => plan.shot === 'close-up')!.product.turn ?? 0).toBe(0);
    expect(plans.every((plan) => plan.product.stands === true)).toBe(true);
  });

  it('"from above" keeps the close-up’s slant for a long product, which does not stand', async () => {
    const plans = await fusionPlans(
      baseRequest({ variants: 4, productView: 'du dessus' }),
      product({ ...compactOnASurface, elongation: 4 }),
    );
    expect(plans.find((plan) => plan.shot === 'close-up')!.product.turn).toBe(15);
    expect(plans.some((plan) => plan.product.stands)).toBe(false);
  });

  it('"from the front" does not wait for the cut-out: the scenes are drawn meanwhile', async () => {
    const plans = await fusionPlans(baseRequest({ variants: 4, productView: 'de face' }), failing());
    expect(plans.every((plan) => plan.view === 'front')).toBe(true);
    await expect(
      fusionPlans(baseRequest({ variants: 4, productView: 'du dessus' }), failing()),
    ).rejects.toThrow('still being cut out');
  });
});

describe('the flat-lay studio set', () => {
  it('lays a product seen from above in the middle of a sheet that hides the whole context photo, not on a card pasted on it', async () => {
    // A context whose halves could not be mistaken for a sheet: saturated red on the left, blue on the right.
    const context = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1040e0' } })
      .composite([
        {
          input: { create: { width: 800, height: 1200, channels: 3, background: '#e01010' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    for (const format of ['carré', 'story'] as const) {
      const request = baseRequest({ variants: 4, format, productView: 'du dessus', palette: 'pastel' });
      const results = await renderFusion({ request, product, context });
      const set = results.find((result) => result.metadata.shot === 'backdrop')!;
      expect(set.metadata.steps).toContain('flat-lay sheet');
      const out = await decodeOutput(set.images.jpeg!);
      /** Mean red minus blue over a band of columns, on the rows below the text. */
      const redness = (x0: number, x1: number) => {
        let sum = 0;
        let n = 0;
        for (let y = Math.round(out.height * 0.75); y < out.height; y++)
          for (let x = x0; x < x1; x++, n++) {
            const p = (y * out.width + x) * out.channels;
            sum += out.data[p]! - out.data[p + 2]!;
          }
        return sum / n;
      };
      const band = Math.round(out.width * 0.08);
      // The context's halves differ by about 200 in red minus blue; the sheet's two sides by little.
      expect(Math.abs(redness(0, band) - redness(out.width - band, out.width)), format).toBeLessThan(30);
      // A centred request lays the product in the middle of the sheet.
      const { x, width } = set.metadata.product;
      expect(Math.abs(x + width / 2 - out.width / 2) / out.width, format).toBeLessThan(0.05);
    }
  }, 60_000);

  it('keeps the disc clear of the text and inside the safe area, in every format and position', async () => {
    const [product, context] = await Promise.all([
      prepareProduct(readFileSync(path.join(PHOTOS, 'coffee-cup.png'))),
      sceneJpeg(1600, 1200).then((jpeg) => prepareContext(jpeg)),
    ]);
    const overlap = (a: Box, b: Box) =>
      Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
      Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
    for (const format of ['carré', 'story', 'bannière', 'publication', 'pinterest'] as const)
      for (const position of FUSION_POSITIONS) {
        const request = baseRequest({
          variants: 4,
          format,
          position,
          productView: 'du dessus',
          slogan: 'Le café du matin',
          tagline: 'Grès émaillé, fait main',
        });
        const plan = planFusionVariants(request).find((p) => p.shot === 'backdrop')!;
        const { metadata } = await renderFusionVariant(plan, product, context, []);
        const disc = discBox({
          ...plan,
          product: metadata.product,
          stage: plan.product.stage,
          groundY: plan.product.groundY,
        });
        const label = `${format} ${position}`;
        expect(insideSafeArea(disc, metadata.safeArea), label).toBe(true);
        for (const text of metadata.text) expect(overlap(disc, text.rect), `${label}: ${text.role}`).toBe(0);
      }
  }, 120_000);
});
