import { beforeAll, describe, expect, it } from 'vitest';
import { groundOnScene } from '../../art-direction/ground';
import { planFusionVariants } from '../../art-direction/plan';
import { baseRequest, renderInputs } from '../../test-utils/render-fixtures';
import { decodeOutput, luminance } from '../../test-utils/measure';
import { findScene, prepareCatalogueScene } from '../scenes';
import { renderFusionVariant } from './render-fusion';

let inputs: Awaited<ReturnType<typeof renderInputs>>;
beforeAll(async () => {
  inputs = await renderInputs();
}, 60_000);

describe('a product rendered on a catalogue scene stands on its annotated surface', () => {
  for (const id of [
    'outdoor-meadow-mountains',
    'kitchen-island-granite',
    'cafe-terrace-table',
    'studio-sweep',
  ]) {
    it(`on ${id}: the base is on the annotated band, and the metadata says the ground came from the annotation`, async () => {
      const { surface, view } = findScene(id)!;
      const [back, front] = surface;
      for (const format of ['carré', 'story'] as const) {
        const request = baseRequest({ format, variants: 2, slogan: 'Crème fraîche' });
        const scene = await prepareCatalogueScene(id, request.palette, { width: 1080, height: 1920 });
        for (const plan of planFusionVariants(request)) {
          const label = `${format} variant ${plan.variant}`;
          const { metadata } = await renderFusionVariant(plan, inputs.studio, scene, []);
          expect(metadata.ground.on, label).toBe('surface');
          expect(metadata.ground.annotation, label).toEqual({ scene: id, view });
          // Where the ground line meets the photo is between the annotated far and near edges.
          expect(metadata.ground.photoY!, label).toBeGreaterThan(back);
          expect(metadata.ground.photoY!, label).toBeLessThanOrEqual(front);
          // The product's own pixels end on that ground line.
          const grounded = groundOnScene(plan, scene.reading);
          const base = metadata.product.y + metadata.product.height;
          expect(Math.abs(base - grounded.product.groundY), label).toBeLessThanOrEqual(4);
          // On a table that does not run across the photo, the product's centre meets it between its ends.
          const span = findScene(id)!.span;
          if (span) {
            const { width: W, height: H } = grounded.canvas;
            const { width, height } = scene.reading!;
            const across = width * Math.max(W / width, H / height) * grounded.context.zoom!;
            const centre =
              grounded.context.left! + (metadata.product.x + metadata.product.width / 2) / across;
            expect(centre, label).toBeGreaterThan(span[0]);
            expect(centre, label).toBeLessThan(span[1]);
          }
        }
      }
    }, 120_000);
  }
});

describe('a clear sun: the cast shadow as hard as the scene’s light, the product lit on its side', () => {
  it('under the café terrace’s clear sun (annotated softness 0.2) the product’s shadow is sharper and darker than under the same scene told overcast, the product lit on the sun’s side, and the metadata says so', async () => {
    const request = baseRequest({ format: 'carré', variants: 2, slogan: 'Crème fraîche' });
    const sunny = await prepareCatalogueScene('cafe-terrace-table', request.palette, {
      width: 1080,
      height: 1080,
    });
    const overcast = {
      ...sunny,
      reading: { ...sunny.reading!, light: { ...sunny.reading!.light!, hardness: 0.2 } },
    };
    const plan = planFusionVariants(request)[1]!;
    const hard = await renderFusionVariant(plan, inputs.studio, sunny);
    const soft = await renderFusionVariant(plan, inputs.studio, overcast);
    expect(hard.metadata.ground.hardness).toBe(0.8);
    expect(hard.metadata.light?.softness).toBeLessThan(0.3);
    expect(soft.metadata.light?.softness).toBe(0.5);
    // Both put the product at the same place; the shadow falls to its left (the sun is on the right),
    // on the table beside its base.
    expect(hard.metadata.product).toEqual(soft.metadata.product);
    const a = luminance(await decodeOutput(hard.images.jpeg!));
    const b = luminance(await decodeOutput(soft.images.jpeg!));
    const { x, y, width, height } = hard.metadata.product;
    const W = hard.metadata.width;
    let darker = 0;
    let deepest = 0;
    for (let row = y + Math.round(height * 0.8); row < y + height; row++)
      for (let col = Math.max(0, x - Math.round(width * 0.4)); col < x; col++) {
        const d = b[row * W + col]! - a[row * W + col]!;
        darker += d;
        deepest = Math.max(deepest, d);
      }
    expect(darker).toBeGreaterThan(0);
    // Somewhere beside the base the sun’s shadow is clearly darker (luma, 0–255) than the overcast one.
    expect(deepest).toBeGreaterThan(12);
    // The product itself has a lit side, the sun's (right), and a side in shade: its right against its
    // left is brighter by 8 % more than under the overcast sky.
    const across = (image: Float32Array, from: number, to: number) => {
      let sum = 0;
      let n = 0;
      for (let row = y + Math.round(height * 0.35); row < y + height * 0.65; row++)
        for (let col = x + Math.round(width * from); col < x + width * to; col++, n++)
          sum += image[row * W + col]!;
      return sum / n;
    };
    const litOverShade = (image: Float32Array) => across(image, 0.6, 0.8) / across(image, 0.2, 0.4);
    expect(litOverShade(a)).toBeGreaterThan(litOverShade(b) * 1.08);
  }, 60_000);
});

describe('seen from above, on a table that ends within the photo', () => {
  it('on the café terrace (a high angle, the table from 0.37 to 0.53 of the photo), the product lies on a sheet (the scene shot’s in the table’s colours, the hero’s dark, the close-up’s the studio paper), not over the chairs beyond its edge; the studio set keeps its disc', async () => {
    const request = baseRequest({ format: 'carré', variants: 4, productView: 'du dessus' });
    const scene = await prepareCatalogueScene('cafe-terrace-table', request.palette, {
      width: 1080,
      height: 1080,
    });
    for (const plan of planFusionVariants(request)) {
      const { metadata, images } = await renderFusionVariant(plan, inputs.studio, scene);
      const label = `variant ${plan.variant} (${plan.shot})`;
      expect(metadata.ground.on, label).toBe('top-down');
      if (plan.shot !== 'backdrop') expect(metadata.ground.reason, label).toBe('out-of-frame');
      const sheet = {
        hero: 'sheet of dark paper',
        scene: 'sheet in the surface colours',
        'close-up': 'sheet of studio paper',
        backdrop: 'flat-lay sheet',
      }[plan.shot];
      expect(metadata.steps, label).toContain(sheet);
      // The bottom tenth of the frame, under the product: the chairs' rattan and shadows vary by tens
      // of levels from pixel to pixel; a sheet's gradient by a few.
      const out = await decodeOutput(images.jpeg!);
      const light = luminance(out);
      const W = out.width;
      let roughness = 0;
      let n = 0;
      for (let row = Math.round(out.height * 0.9); row < out.height - 1; row++)
        for (let col = 1; col < W - 1; col++, n++)
          roughness += Math.abs(light[row * W + col + 1]! - light[row * W + col - 1]!);
      expect(roughness / n, label).toBeLessThan(1.5);
    }
  }, 60_000);
});
