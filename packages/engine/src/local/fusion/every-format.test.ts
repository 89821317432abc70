/** "Every format": a request's chosen variants composed again in each format, from one cut-out. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUSION_FORMAT_SIZES, FUSION_FORMATS, textlessFormat } from '@vitrine/shared/api/generation';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { decodeOutput } from '../../test-utils/measure';
import { baseRequest } from '../../test-utils/render-fixtures';
import { sceneJpeg } from '../../samples/synthetic';
import { renderFusionFormats } from '../requests';

const PHOTOS = path.join(import.meta.dirname, '../../samples/photos');

describe('every format from one generation', () => {
  it('composes the chosen variant again in every format: exact sizes, the product whole and the text inside each safe area', async () => {
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const context = await sceneJpeg(1600, 1200);
    const request = baseRequest({ variants: 4, format: 'story', productView: 'de face' });
    const images = await renderFusionFormats({ request, product, context, variants: [2] });
    expect(images.map((image) => image.format)).toEqual([...FUSION_FORMATS]);
    for (const { format, variant, image } of images) {
      expect(variant).toBe(2);
      const { metadata } = image;
      // Laid out again, not cropped: the variant's own shot in every format with a scene (the
      // marketplace image is the product alone on white), its product and text whole.
      expect(metadata.variant, format).toBe(2);
      if (!textlessFormat(format)) expect(metadata.shot, format).toBe(images[0]!.image.metadata.shot);
      const out = await decodeOutput(image.images.jpeg!);
      expect([out.width, out.height], format).toEqual([
        FUSION_FORMAT_SIZES[format].width,
        FUSION_FORMAT_SIZES[format].height,
      ]);
      expect(insideSafeArea(metadata.product, metadata.safeArea), `${format}: product`).toBe(true);
      for (const text of metadata.text.filter((t) => t.rendered))
        expect(insideSafeArea(text.rect, metadata.safeArea), `${format}: ${text.role}`).toBe(true);
      // One cut-out for all: the same method and coverage everywhere.
      expect(metadata.cutout).toEqual(images[0]!.image.metadata.cutout);
    }
  }, 90_000);

  it('gives every chosen variant in every format, variant by variant', async () => {
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const context = await sceneJpeg(1600, 1200);
    const request = baseRequest({ variants: 2, productView: 'de face' });
    const formats = ['carré', 'story'] as const;
    const images = await renderFusionFormats({ request, product, context, formats });
    expect(images.map(({ format, variant }) => `${format}/${variant}`)).toEqual([
      'carré/0',
      'carré/1',
      'story/0',
      'story/1',
    ]);
  }, 60_000);

  it("refuses variants that are not the request's, before any work", async () => {
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const context = await sceneJpeg(400, 300);
    const request = baseRequest({ variants: 2, productView: 'de face' });
    for (const variants of [[2], [-1], [0.5], []])
      await expect(
        renderFusionFormats({ request, product, context, variants }),
        JSON.stringify(variants),
      ).rejects.toThrow(RangeError);
  });

  it('composes on a ready-made scene too, prepared for each format', async () => {
    const product = readFileSync(path.join(PHOTOS, 'coffee-cup.png'));
    const request = baseRequest({ variants: 1, productView: 'de face' });
    const images = await renderFusionFormats({
      request,
      product,
      scene: 'studio-sweep',
      formats: ['carré', 'story'],
    });
    for (const { format, image } of images) {
      const out = await decodeOutput(image.images.jpeg!);
      expect([out.width, out.height], format).toEqual([
        FUSION_FORMAT_SIZES[format].width,
        FUSION_FORMAT_SIZES[format].height,
      ]);
    }
  }, 60_000);
});
