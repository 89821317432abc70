/**
 * "Every format" through the providers: each chosen variant composed again in every format of its mode,
 * the request's own format first, each image at its format's exact size and labelled with it; a hosted
 * provider draws one scene per variant, not one per format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  expressRequest,
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
} from '@vitrine/shared/api/generation';
import { insideSafeArea } from '@vitrine/shared/api/safe-area';
import { productPhoto, sceneJpeg } from '../samples/synthetic';
import { drawnScenePng, json, startFakeServer, type FakeServer } from '../test-utils/fake-image-api';
import { decodeOutput } from '../test-utils/measure';
import { baseRequest } from '../test-utils/render-fixtures';
import { createImageProvider } from './index';

let api: FakeServer;
let product: Buffer;
let context: Buffer;
let drawn: Buffer;
beforeAll(async () => {
  api = await startFakeServer();
  [product, context, drawn] = await Promise.all([
    productPhoto('bottle', 'studio-grey'),
    sceneJpeg(800, 600),
    drawnScenePng(1024, 1536),
  ]);
}, 30_000);
afterAll(() => api.close());

const openai = () =>
  createImageProvider({
    kind: 'openai',
    apiKey: 'sk-test-0123456789abcdef',
    baseUrl: `${api.origin}/v1`,
    model: 'gpt-image-1',
    timeoutMs: 5_000,
  });

describe('every format, Fusion', () => {
  it('composes each variant in every format, the chosen format first, at each exact size', async () => {
    const request = baseRequest({ format: 'story', variants: 2, everyFormat: true, slogan: 'Fait main' });
    const progress: number[] = [];
    const images = await createImageProvider().renderFusion({
      request,
      product,
      context,
      onVariant: (done) => void progress.push(done),
    });
    const expected = ['story', ...FUSION_FORMATS.filter((format) => format !== 'story')];
    expect(images.map((image) => image.metadata.format)).toEqual(expected.flatMap((f) => [f, f]));
    expect(images.map((image) => image.metadata.variant)).toEqual(expected.flatMap(() => [0, 1]));
    for (const image of images) {
      const { metadata } = image;
      const size = FUSION_FORMAT_SIZES[metadata.format as keyof typeof FUSION_FORMAT_SIZES];
      const out = await decodeOutput(image.images.jpeg!);
      expect([out.width, out.height], String(metadata.format)).toEqual([size.width, size.height]);
      // Laid out for the format: the product whole and every text inside its safe area.
      expect(insideSafeArea(metadata.product, metadata.safeArea), `${metadata.format}: product`).toBe(true);
      for (const text of metadata.text.filter((t) => t.rendered))
        expect(insideSafeArea(text.rect, metadata.safeArea), `${metadata.format}: ${text.role}`).toBe(true);
    }
    // Progress counts every image, not every variant.
    expect(Math.max(...progress)).toBe(images.length);
  }, 120_000);

  it('leaves a single-format request unlabelled, as before', async () => {
    const images = await createImageProvider().renderFusion({
      request: baseRequest({ format: 'carré', variants: 1 }),
      product,
      context,
    });
    expect(images).toHaveLength(1);
    expect(images[0]!.metadata).not.toHaveProperty('format');
  }, 60_000);

  it('asks a hosted provider for one scene per variant and sets every format on it', async () => {
    api.answer(() => json(200, { created: 1, data: [{ b64_json: drawn.toString('base64') }] }));
    const images = await openai().renderFusion({
      request: baseRequest({ format: 'carré', variants: 1, everyFormat: true }),
      product,
      context,
    });
    expect(api.requests).toHaveLength(1);
    expect(images).toHaveLength(FUSION_FORMATS.length);
    for (const image of images) {
      // The marketplace image has no scene: it is always composed locally, on white.
      if (image.metadata.format === 'marketplace') expect(image.metadata.scene).toBeUndefined();
      else expect(image.metadata.scene, String(image.metadata.format)).toMatchObject({ source: 'openai' });
    }
  }, 120_000);
});

describe('every format, Express', () => {
  it('composes each variant in every Express format, the chosen one first', async () => {
    const request = expressRequest.parse({
      style: 'naturel',
      format: 'feed',
      variants: 1,
      everyFormat: true,
    });
    const images = await createImageProvider().renderExpress({ request });
    const expected = ['feed', ...EXPRESS_FORMATS.filter((format) => format !== 'feed')];
    expect(images.map((image) => image.metadata.format)).toEqual(expected);
    for (const image of images) {
      const size = EXPRESS_FORMAT_SIZES[image.metadata.format as keyof typeof EXPRESS_FORMAT_SIZES];
      const out = await decodeOutput(image.images.jpeg!);
      expect([out.width, out.height], String(image.metadata.format)).toEqual([size.width, size.height]);
    }
  }, 60_000);
});
