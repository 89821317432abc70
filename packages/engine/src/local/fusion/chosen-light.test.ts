/** Light and shadow chosen in the form: the cast shadow falls away from where the user put the light. */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { planFusion } from '../../art-direction/plan';
import { luminance, decodeOutput } from '../../test-utils/measure';
import { baseRequest } from '../../test-utils/render-fixtures';
import { productPhoto } from '../../samples/synthetic';
import { prepareContext, prepareProduct, type PreparedContext, type PreparedProduct } from '../prepare';
import { renderFusionVariant } from './render-fusion';
import { castSilhouette } from '../draw/cast-shadow';

let product: PreparedProduct;
let context: PreparedContext;
beforeAll(async () => {
  // A plain wall over a plain table: a surface the product stands on, nothing else to darken.
  const table = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d4cb' } })
    .composite([
      {
        input: { create: { width: 1600, height: 540, channels: 3, background: '#b9a58c' } },
        left: 0,
        top: 660,
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  [product, context] = await Promise.all([
    productPhoto('bottle', 'studio-grey', 2.5).then((photo) => prepareProduct(photo)),
    prepareContext(table),
  ]);
}, 60_000);

/** The image with the light at `angle` and the shadow at `strength`, and the plan's product place. */
async function lit(angle: number, strength: number) {
  const request = baseRequest({ light: { angle, softness: 0.2, strength }, productView: 'de face' });
  const { images, metadata } = await renderFusionVariant(planFusion(request, 0), product, context);
  return { grey: luminance(await decodeOutput(images.jpeg!)), metadata };
}

/**
 * Where the shadow went, as an angle of the picture (counter-clockwise from the right): the centre of
 * the darkening between no cast shadow and the strongest, from the middle of the product's base.
 */
async function shadowAngle(angle: number): Promise<number> {
  const [dark, light] = await Promise.all([lit(angle, 1), lit(angle, 0)]);
  const { x, y, width, height } = dark.metadata.product;
  const W = dark.metadata.width;
  const [bx, by] = [x + width / 2, y + height];
  let sx = 0;
  let sy = 0;
  let sum = 0;
  for (let p = 0; p < dark.grey.length; p++) {
    const d = light.grey[p]! - dark.grey[p]!;
    if (d < 4) continue;
    sx += (p % W) * d;
    sy += Math.floor(p / W) * d;
    sum += d;
  }
  expect(sum, `angle ${angle}: a shadow is cast`).toBeGreaterThan(0);
  return ((Math.atan2(-(sy / sum - by), sx / sum - bx) * 180) / Math.PI + 360) % 360;
}

const apart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('a light chosen in the form', () => {
  // From the front (270), the shadow falls behind the product and the product hides it.
  it.each([0, 45, 90, 135, 180, 225, 315])(
    'casts the shadow within 30° of straight away from a light at %i°, measured on the image',
    async (angle) => {
      expect(apart(await shadowAngle(angle), (angle + 180) % 360)).toBeLessThanOrEqual(30);
    },
    60_000,
  );

  it('is recorded in the metadata, with the reflection switched on or off', async () => {
    const request = baseRequest({ light: { angle: 135, softness: 0.6, strength: 0.5 }, reflection: 'oui' });
    const { metadata } = await renderFusionVariant(planFusion(request, 0), product, context);
    expect(metadata.light).toEqual({
      from: 'chosen',
      angle: 135,
      softness: 0.6,
      strength: 0.5,
      reflection: true,
    });
    expect(metadata.ground.light).toBe('chosen');
    expect(metadata.steps).toContain('reflection');
    const off = await renderFusionVariant(
      planFusion(baseRequest({ style: '3D mockup', reflection: 'non' }), 0),
      product,
      context,
    );
    expect(off.metadata.light).toMatchObject({
      from: expect.stringMatching(/scene|variant/),
      reflection: false,
    });
    expect(off.metadata.steps).not.toContain('reflection');
  }, 60_000);
});

/**
 * The cast silhouette alone, on a blank grey scene, from a product 40 × 100 standing (or lying) at
 * (180, 150): the angle of the darkening's centre from the base's middle (or the product's centre).
 */
async function silhouetteAngle(angle: number, lay?: 'beside'): Promise<number> {
  const W = 400;
  const scene = { data: Buffer.alloc(W * W * 3, 200), width: W, height: W, channels: 3 as const };
  const product = { data: Buffer.alloc(40 * 100 * 4, 255), width: 40, height: 100, channels: 4 as const };
  const at = { x: 180, y: 150, width: 40, height: 100, scale: 1 };
  const light = { from: 'left' as const, exposure: 1, strength: 1, angle };
  await castSilhouette(scene, product, at, light, { strength: 0.8, softness: 0.2, tint: [0, 0, 0], lay });
  const [bx, by] = lay ? [200, 200] : [200, 249];
  let sx = 0;
  let sy = 0;
  let sum = 0;
  for (let p = 0; p < W * W; p++) {
    const x = p % W;
    const y = Math.floor(p / W);
    // What the product covers is not seen.
    if (x >= 180 && x < 220 && y >= 150 && y < 250) continue;
    const d = 200 - scene.data[p * 3]!;
    sx += x * d;
    sy += y * d;
    sum += d;
  }
  expect(sum, `angle ${angle}`).toBeGreaterThan(0);
  return ((Math.atan2(-(sy / sum - by), sx / sum - bx) * 180) / Math.PI + 360) % 360;
}

describe('the cast silhouette under a chosen light', () => {
  it.each([0, 45, 90, 135, 180, 225, 270, 315])(
    'falls away from a light at %i°, standing and lying, within 30°',
    async (angle) => {
      const away = (angle + 180) % 360;
      expect(apart(await silhouetteAngle(angle), away)).toBeLessThanOrEqual(30);
      expect(apart(await silhouetteAngle(angle, 'beside'), away)).toBeLessThanOrEqual(30);
    },
  );
});
