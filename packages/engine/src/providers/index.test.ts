import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressRequest } from '@vitrine/shared/api/generation';
import { prepareProduct, type PreparedProduct } from '../local/prepare';
import { productPhoto, sceneJpeg } from '../samples/synthetic';
import { drawnLogo } from '../test-utils/brand';
import { drawnScenePng, json, startFakeServer, type FakeServer } from '../test-utils/fake-image-api';
import { decodeOutput } from '../test-utils/measure';
import { meanColour, productFidelity } from '../test-utils/product-fidelity';
import { baseRequest } from '../test-utils/render-fixtures';
import { createImageProvider, type WebhookImageProvider } from './index';
import { buildWorkflowPayload, signWorkflowBody } from './webhook';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

let product: Buffer;
let context: Buffer;
let prepared: PreparedProduct;
let drawn: Buffer;
beforeAll(async () => {
  [product, context, drawn] = await Promise.all([
    productPhoto('bottle', 'studio-grey'),
    sceneJpeg(800, 600),
    drawnScenePng(1024, 1024),
  ]);
  prepared = await prepareProduct(product);
}, 30_000);

describe('local provider (the default)', () => {
  it('renders as the local engine does and labels the result local, with no fallback', async () => {
    const provider = createImageProvider();
    expect(provider.name).toBe('local');
    const [fusion] = await provider.renderFusion({
      request: baseRequest({ format: 'paysage' }),
      product,
      context,
    });
    expect(fusion!.metadata).toMatchObject({
      engine: 'local',
      mode: 'fusion',
      provider: 'local',
      width: 1440,
      height: 1080,
    });
    expect(fusion!.metadata).not.toHaveProperty('fallback');
    expect(fusion!.metadata).not.toHaveProperty('scene');
    expect(fusion!.metadata.steps[0]).toMatch(/^context cover-cropped/);
    const out = await decodeOutput(fusion!.images.jpeg!);
    expect([out.width, out.height]).toEqual([1440, 1080]);

    const [express] = await provider.renderExpress({
      request: expressRequest.parse({ style: 'moderne', format: 'post', variants: 1 }),
      formats: ['png'],
    });
    expect(express!.metadata).toMatchObject({
      mode: 'express',
      provider: 'local',
      width: 1920,
      height: 1080,
    });
    expect(express!.images.png!.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);
});

describe('webhook provider', () => {
  const provider = createImageProvider({
    kind: 'webhook',
    url: 'http://127.0.0.1:9/unused',
    secret: SECRET,
    timeoutMs: 5_000,
  }) as WebhookImageProvider;

  it("composites the product on the workflow's image and labels it webhook", async () => {
    const [result] = await provider.renderFusion({
      request: baseRequest({ slogan: 'Fait main' }),
      product,
      context,
      workflow: { status: 'completed', scenes: [drawn] },
    });
    const { metadata, images } = result!;
    expect(metadata).toMatchObject({
      provider: 'webhook',
      scene: { source: 'webhook' },
      width: 1080,
      height: 1080,
    });
    expect(metadata.fallback).toBeUndefined();
    expect(metadata.steps[0]).toBe('scene drawn by webhook');
    const out = await decodeOutput(images.jpeg!);
    expect([out.width, out.height]).toEqual([1080, 1080]);
    expect(await productFidelity(out, metadata.product, prepared.cutout)).toBeGreaterThanOrEqual(0.85);
    const { r, g, b } = meanColour(out, 20, 20, 60, 60);
    expect(b).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(g + 20);
  }, 30_000);

  it("sets a brand's marks on the workflow's image too (spec: brand kit), and refuses a kit that is not one", async () => {
    const brand = { colours: ['#1f3a5f', '#e8b04b'], logo: await drawnLogo(), signature: '@maboutique' };
    const [result] = await provider.renderFusion({
      request: baseRequest({ slogan: 'Fait main' }),
      product,
      context,
      brand,
      workflow: { status: 'completed', scenes: [drawn] },
    });
    const { metadata } = result!;
    expect(metadata.scene).toMatchObject({ source: 'webhook' });
    expect(metadata.brand).toMatchObject({ colours: brand.colours, signature: { text: '@maboutique' } });
    expect(metadata.brand!.logo).not.toBeNull();
    await expect(
      provider.renderExpress({
        request: expressRequest.parse({ style: 'naturel', format: 'square', variants: 1 }),
        brand: { ...brand, colours: ['#1f3a5f', 'navy'] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  }, 30_000);

  it('renders every asked variant, reusing the images in turn when the workflow sent fewer', async () => {
    const results = await provider.renderExpress({
      request: expressRequest.parse({
        style: 'elegante',
        format: 'square',
        variants: 2,
        description: 'Fleurs',
      }),
      workflow: { status: 'completed', scenes: [drawn] },
    });
    expect(results.map((r) => [r.metadata.variant, r.metadata.provider, r.metadata.scene?.source])).toEqual([
      [0, 'webhook', 'webhook'],
      [1, 'webhook', 'webhook'],
    ]);
  }, 30_000);

  it('renders locally, saying why, when the workflow failed, sent no image, sent bytes that are not one, or never called back', async () => {
    const cases = [
      [{ status: 'failed', reason: 'workflow_failed' }, 'workflow_failed'],
      [{ status: 'completed', scenes: [] }, 'no_image'],
      [
        { status: 'completed', scenes: [Buffer.from('<html>not an image</html>'.repeat(10))] },
        'invalid_image',
      ],
      [undefined, 'no_callback'],
    ] as const;
    for (const [workflow, reason] of cases) {
      const [result] = await provider.renderExpress({
        request: expressRequest.parse({ style: 'naturel', format: 'square', variants: 1 }),
        workflow,
      });
      expect(result!.metadata, reason).toMatchObject({ provider: 'webhook', fallback: { reason } });
      expect(result!.metadata.steps[0]).toBe(`webhook scene unavailable (${reason}): local scene`);
    }
  }, 30_000);

  describe('bound to its configuration', () => {
    let hook: FakeServer;
    beforeAll(async () => {
      hook = await startFakeServer(() => json(200, { ok: true }));
    });
    afterAll(() => hook.close());

    it('sends to the configured URL with the configured secret, and verifies with it', async () => {
      const bound = createImageProvider({
        kind: 'webhook',
        url: `${hook.origin}/hook`,
        secret: SECRET,
        timeoutMs: 5_000,
      }) as WebhookImageProvider;
      const payload = buildWorkflowPayload({
        mode: 'express',
        request: expressRequest.parse({ style: 'moderne', format: 'square' }),
        backgroundGenerationId: 'g-1',
        userId: 'u-1',
      });
      expect(await bound.send(payload)).toMatchObject({ ok: true, status: 200 });
      const [received] = hook.requests;
      expect(bound.verify(received!.body, received!.headers['x-vitrine-signature'] as string)).toMatchObject({
        ok: true,
      });
      const now = Date.now();
      const forged = signWorkflowBody(
        received!.body,
        'another-secret-that-is-32-chars-long',
        Math.floor(now / 1000),
      );
      expect(bound.verify(received!.body, forged, { now })).toEqual({ ok: false, reason: 'mismatch' });
    });
  });
});
