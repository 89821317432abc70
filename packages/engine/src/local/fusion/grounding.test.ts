import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUSION_PALETTES, SCENE_FORMATS } from '@vitrine/shared/api/generation';
import { planFusionVariants } from '../../art-direction/plan';
import type { Light } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { castSilhouette } from '../draw/cast-shadow';
import { prepareContext, prepareProduct, type PreparedContext } from '../prepare';
import { decodeOutput } from '../../test-utils/measure';
import { productFidelity } from '../../test-utils/product-fidelity';
import { renderFusionVariant } from './render-fusion';

const annotations = JSON.parse(
  await readFile(new URL('../../samples/photos/surfaces.json', import.meta.url), 'utf8'),
) as { photos: Record<string, { surface: [number, number] }> };
const COUNTER = 'cream-carton-counter.jpg';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
let counter: PreparedContext;
beforeAll(async () => {
  inputs = await renderInputs();
  counter = await prepareContext(await readFile(new URL(`../../samples/photos/${COUNTER}`, import.meta.url)));
}, 60_000);

describe('the product stands on the scene’s surface, as rendered', () => {
  it('on a real counter, every variant in every format puts the product’s base on the counter annotated by eye (the studio set on its podium)', async () => {
    const [back, front] = annotations.photos[COUNTER]!.surface;
    for (const format of SCENE_FORMATS)
      for (const plan of planFusionVariants(baseRequest({ format, variants: 4, slogan: 'Crème fraîche' }))) {
        const { metadata } = await renderFusionVariant(plan, inputs.studio, counter, []);
        const label = `${format} variant ${plan.variant}`;
        if (plan.shot === 'backdrop') {
          expect(metadata.ground.on, label).toBe('podium');
          expect(metadata.steps, label).toContain('podium');
          continue;
        }
        expect(metadata.ground.on, label).toBe('surface');
        // The base is the ground line: where it meets the photo is on the counter.
        expect(metadata.product.y + metadata.product.height, label).toBeLessThanOrEqual(plan.canvas.height);
        expect(metadata.ground.photoY!, label).toBeGreaterThan(back);
        expect(metadata.ground.photoY!, label).toBeLessThanOrEqual(front);
        expect(metadata.ground.lightFrom, label).toBe('right');
      }
  }, 120_000);
});

describe('a product photographed from above, as rendered', () => {
  it('lies in the middle of its box on the counter seen from above, its shadow beside it, no contact line', async () => {
    const plan = planFusionVariants(baseRequest({ productView: 'du dessus', variants: 1 }))[0]!;
    const { metadata } = await renderFusionVariant(plan, inputs.studio, counter, []);
    expect(metadata.ground.on).toBe('top-down');
    const { box } = plan.product;
    const middle = metadata.product.y + metadata.product.height / 2;
    expect(Math.abs(middle - (box.y + box.height / 2))).toBeLessThanOrEqual(1);
    expect(metadata.steps).not.toContain('podium');
  }, 30_000);

  it('one that stood when photographed (compact) rests on its lower edge: shade under it and its base in contact', async () => {
    /** Mean luma of the surface in a band just under the product's base, over its middle half. */
    async function under(elongation: number) {
      const reading = { view: 'top', reason: 'one-surface', elongation } as const;
      const plan = planFusionVariants(baseRequest({ variants: 1, style: 'minimaliste' }), reading)[0]!;
      const { images, metadata } = await renderFusionVariant(plan, inputs.studio, counter);
      const out = await decodeOutput(images.jpeg!);
      const { x, y, width, height } = metadata.product;
      let sum = 0;
      let n = 0;
      for (let row = y + height; row < y + height + 8; row++)
        for (let column = x + width / 4; column < x + (3 * width) / 4; column++) {
          const i = (row * out.width + Math.round(column)) * out.channels;
          sum += 0.2126 * out.data[i]! + 0.7152 * out.data[i + 1]! + 0.0722 * out.data[i + 2]!;
          n++;
        }
      return { luma: sum / n, steps: metadata.steps };
    }
    const [stood, lying] = [await under(1.3), await under(5)];
    expect(stood.steps).toContain('base in contact');
    expect(lying.steps).not.toContain('base in contact');
    // A calm style's shade is faint on a product lying flat; one that stood is grounded as a standing one is.
    expect(stood.luma).toBeLessThan(lying.luma - 4);
  }, 60_000);
});

describe('the cast shadow follows the light', () => {
  /** A mid-grey floor, and a solid upright block standing on it at x 200-280, base at y 300. */
  const floor = (): RawImage => ({
    data: Buffer.alloc(480 * 360 * 3, 160),
    width: 480,
    height: 360,
    channels: 3,
  });
  const block: RawImage = { data: Buffer.alloc(80 * 160 * 4, 255), width: 80, height: 160, channels: 4 };
  const at = { x: 200, y: 140, width: 80, height: 160, scale: 1 };

  /** The direction, in degrees, from the base's centre to the shadow's darkening centroid (0: right). */
  async function shadowAngle(from: Light['from']) {
    const scene = floor();
    await castSilhouette(
      scene,
      block,
      at,
      { from, exposure: 0, strength: 0.2 },
      { strength: 0.6, softness: 0.5, tint: [20, 20, 30] },
    );
    let sx = 0;
    let sy = 0;
    let sum = 0;
    for (let y = 0; y < scene.height; y++)
      for (let x = 0; x < scene.width; x++) {
        const inside = x >= at.x && x < at.x + at.width && y >= at.y && y < at.y + at.height;
        const dark = inside ? 0 : 160 - scene.data[(y * scene.width + x) * 3]!;
        sx += x * dark;
        sy += y * dark;
        sum += dark;
      }
    const dx = sx / sum - (at.x + at.width / 2);
    const dy = at.y + at.height - sy / sum;
    return { angle: (Math.atan2(dy, dx) * 180) / Math.PI, dx };
  }

  it('falls away from the light: to the right under a light from the left, to the left under one from the right, straight back under one from above', async () => {
    // Light from the left throws the shadow right and a little back (up the image): within 30° of 0°.
    expect(Math.abs((await shadowAngle('left')).angle)).toBeLessThan(30);
    expect(Math.abs(180 - Math.abs((await shadowAngle('right')).angle))).toBeLessThan(30);
    expect(Math.abs((await shadowAngle('top')).dx)).toBeLessThan(2);
  });
});

describe('the product stays itself once lit into the scene', () => {
  it('a real product on a real counter: luminance SSIM of its region against its cut-out is 0.90 or more, in every palette and variant (photo réaliste)', async () => {
    const plants = await prepareProduct(
      await readFile(new URL('../../samples/photos/succulents-stand.jpg', import.meta.url)),
    );
    for (const palette of FUSION_PALETTES)
      for (const plan of planFusionVariants(baseRequest({ palette, variants: 4 }))) {
        const { images, metadata } = await renderFusionVariant(plan, plants, counter);
        const fidelity = await productFidelity(
          await decodeOutput(images.jpeg!),
          metadata.product,
          plants.cutout,
        );
        expect(fidelity, `${palette} variant ${plan.variant}`).toBeGreaterThanOrEqual(0.9);
      }
  }, 120_000);
});
