import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUSION_PALETTES, type FusionPalette, type FusionStyle } from '@vitrine/shared/api/generation';
import { planFusion } from '../../art-direction/plan';
import { decodeOutput, sceneSimilarity } from '../../test-utils/measure';
import { baseRequest } from '../../test-utils/render-fixtures';
import { coverCrop } from '../draw/scene';
import { prepareContext, prepareProduct, type PreparedContext, type PreparedProduct } from '../prepare';
import { renderFusionVariant } from './render-fusion';

/** Real counters the grading was not tuned on. */
const SCENES = ['cream-carton-counter.jpg', 'soda-can-counter.jpg'];
const photo = (name: string) => readFile(new URL(`../../samples/photos/${name}`, import.meta.url));

let product: PreparedProduct;
const contexts = new Map<string, PreparedContext>();
beforeAll(async () => {
  product = await prepareProduct(await photo('coffee-cup.png'));
  for (const name of SCENES) contexts.set(name, await prepareContext(await photo(name)));
}, 60_000);

async function similarity(scene: string, style: FusionStyle, palette: FusionPalette) {
  const context = contexts.get(scene)!;
  const plan = planFusion(baseRequest({ style, palette, slogan: 'Le café du matin' }), 0);
  const { images, metadata } = await renderFusionVariant(plan, product, context);
  const original = await coverCrop(context.image, plan.canvas, plan.context);
  const leaveOut = [metadata.product, ...metadata.text.map((text) => text.rect)];
  return sceneSimilarity(await decodeOutput(images.jpeg!), original, leaveOut);
}

describe('palettes grade, they do not paint', () => {
  it('cyberpunk, in every palette, keeps the scene’s structure: luminance similarity to the photo 0.6 or more', async () => {
    for (const scene of SCENES)
      for (const palette of FUSION_PALETTES)
        expect(await similarity(scene, 'cyberpunk', palette), `${scene} ${palette}`).toBeGreaterThanOrEqual(
          0.6,
        );
  }, 120_000);

  it('the néon palette on a photo keeps the scene’s structure too', async () => {
    for (const scene of SCENES)
      expect(await similarity(scene, 'photo réaliste', 'néon'), scene).toBeGreaterThanOrEqual(0.6);
  }, 60_000);
});
