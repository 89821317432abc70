import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPRESS_FORMAT_SIZES,
  expressRequest,
  FUSION_FORMAT_SIZES,
  type ExpressFormat,
  type FusionFormat,
} from '@vitrine/shared/api/generation';
import { planExpress } from '../art-direction/express-plan';
import { planFusion } from '../art-direction/plan';
import { MIN_CONTRAST } from '../local/text/contrast';
import { prepareProduct, type PreparedProduct } from '../local/prepare';
import { productPhoto, sceneJpeg } from '../samples/synthetic';
import { drawnScenePng, json, startFakeServer, type FakeServer } from '../test-utils/fake-image-api';
import { pngClaiming, truncatedJpeg } from '../test-utils/hostile-files';
import { decodeOutput } from '../test-utils/measure';
import { meanColour, productFidelity } from '../test-utils/product-fidelity';
import { baseRequest } from '../test-utils/render-fixtures';
import type { OpenAiProviderConfig } from './config';
import { createImageProvider } from './index';
import { imageSizeFor } from './openai';
import type { Fallback } from './types';

const KEY = 'sk-test-4f9c1d2e8b7a6f5e4d3c2b1a0f9e8d7c';
const MODEL = 'gpt-image-1';

let api: FakeServer;
let product: Buffer;
let context: Buffer;
let prepared: PreparedProduct;
const scenes = new Map<string, Buffer>();
const warnings: unknown[] = [];

const config = (overrides: Partial<OpenAiProviderConfig> = {}): OpenAiProviderConfig => ({
  kind: 'openai',
  apiKey: KEY,
  baseUrl: `${api.origin}/v1`,
  model: MODEL,
  timeoutMs: 5_000,
  ...overrides,
});

const provider = (overrides: Partial<OpenAiProviderConfig> = {}) =>
  createImageProvider(config(overrides), { logger: { warn: (details) => warnings.push(details) } });

/** A PNG of the size the request asked for, as the API would draw it. */
async function sceneFor(body: string): Promise<Buffer> {
  const { size } = JSON.parse(body) as { size: string };
  if (!scenes.has(size)) {
    const [w, h] = size.split('x').map(Number) as [number, number];
    scenes.set(size, await drawnScenePng(w, h));
  }
  return scenes.get(size)!;
}

const b64Answer = async (body: string) =>
  json(200, { created: 1, data: [{ b64_json: (await sceneFor(body)).toString('base64') }] });

beforeAll(async () => {
  api = await startFakeServer();
  [product, context] = await Promise.all([productPhoto('bottle', 'studio-grey'), sceneJpeg(800, 600)]);
  prepared = await prepareProduct(product);
}, 30_000);

afterAll(() => api.close());

describe('the size asked of the image API', () => {
  it('is the supported size closest in aspect to the format', () => {
    const fusion: Record<FusionFormat, string> = {
      carré: '1024x1024',
      story: '1024x1536',
      portrait: '1024x1536',
      bannière: '1536x1024',
      paysage: '1536x1024',
      publication: '1024x1536',
      pinterest: '1024x1536',
      // Never asked: a marketplace image has no scene (it is rendered locally).
      marketplace: '1024x1024',
    };
    for (const [format, size] of Object.entries(fusion)) {
      expect(imageSizeFor(FUSION_FORMAT_SIZES[format as FusionFormat]), format).toBe(size);
    }
    const express: Record<ExpressFormat, string> = {
      square: '1024x1024',
      story: '1024x1536',
      post: '1536x1024',
      banner: '1536x1024',
      feed: '1024x1536',
      pinterest: '1024x1536',
    };
    for (const [format, size] of Object.entries(express)) {
      expect(imageSizeFor(EXPRESS_FORMAT_SIZES[format as ExpressFormat]), format).toBe(size);
    }
  });
});

describe('openai provider, Fusion', () => {
  it('sends the plan prompt, draws the background from b64_json, composites the product at the exact format', async () => {
    api.answer((request) => b64Answer(request.body));
    const request = baseRequest({ format: 'story', slogan: 'Le goût du vrai' });
    const [result] = await provider().renderFusion({ request, product, context });

    expect(api.requests).toHaveLength(1);
    const [sent] = api.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/images/generations' });
    expect(sent!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent!.body)).toEqual({
      model: MODEL,
      prompt: planFusion(request, 0).prompt,
      n: 1,
      size: '1024x1536',
    });

    const { metadata, images } = result!;
    const out = await decodeOutput(images.jpeg!);
    expect([out.width, out.height]).toEqual([1080, 1920]);
    expect(metadata).toMatchObject({ engine: 'local', provider: 'openai', width: 1080, height: 1920 });
    expect(metadata.fallback).toBeUndefined();
    expect(metadata.scene).toMatchObject({ source: 'openai', model: MODEL, size: '1024x1536' });
    expect(metadata.steps[0]).toBe('scene drawn by openai gpt-image-1 (1024x1536)');
    expect(metadata.text).toEqual([expect.objectContaining({ role: 'slogan', rendered: true })]);
    expect(await productFidelity(out, metadata.product, prepared.cutout)).toBeGreaterThanOrEqual(0.85);
    // The background is the model's violet, not the context photo's sky or wood.
    for (const [x, y] of [
      [20, 200],
      [980, 1700],
    ] as const) {
      const { r, g, b } = meanColour(out, x, y, 60, 60);
      expect(b, `${x},${y}`).toBeGreaterThan(g + 40);
      expect(r, `${x},${y}`).toBeGreaterThan(g + 20);
    }
    expect(JSON.stringify(metadata)).not.toContain(KEY);
  }, 30_000);

  it('fetches the image from data[0].url, without the key', async () => {
    api.answer(async (request, origin) =>
      request.path.startsWith('/files/')
        ? { status: 200, body: scenes.get('1024x1024')!, headers: { 'content-type': 'image/png' } }
        : (await sceneFor(request.body), json(200, { data: [{ url: `${origin}/files/scene.png?sig=abc` }] })),
    );
    const [result] = await provider().renderFusion({ request: baseRequest(), product, context });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/images/generations',
      'GET /files/scene.png?sig=abc',
    ]);
    expect(api.requests[1]!.headers.authorization).toBeUndefined();
    const out = await decodeOutput(result!.images.jpeg!);
    expect([out.width, out.height]).toEqual([1080, 1080]);
    expect(result!.metadata).toMatchObject({ provider: 'openai', scene: { size: '1024x1024' } });
    expect(result!.metadata.fallback).toBeUndefined();
  }, 30_000);

  const notAnImage = Buffer.from(
    'this is plain text and certainly not a picture of anything at all',
  ).toString('base64');
  const failures: [string, () => ReturnType<Parameters<FakeServer['answer']>[0]>, Fallback, number?][] = [
    [
      '401 with the error shape',
      () =>
        json(401, {
          error: {
            message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      { reason: 'http_401', status: 401, code: 'invalid_api_key', type: 'invalid_request_error' },
    ],
    [
      '429 rate limit',
      () =>
        json(429, {
          error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
        }),
      { reason: 'http_429', status: 429, code: 'rate_limit_exceeded', type: 'requests' },
    ],
    [
      '500 with an HTML page',
      () => ({
        status: 500,
        body: '<html>Internal Server Error</html>',
        headers: { 'content-type': 'text/html' },
      }),
      { reason: 'http_500', status: 500 },
    ],
    [
      'malformed JSON',
      () => ({
        status: 200,
        body: '{"data": [{"b64_json": "iVBO',
        headers: { 'content-type': 'application/json' },
      }),
      { reason: 'malformed_response' },
    ],
    ['JSON without an image', () => json(200, { data: [] }), { reason: 'malformed_response' }],
    [
      'bytes that are not an image',
      () => json(200, { data: [{ b64_json: notAnImage }] }),
      { reason: 'invalid_image' },
    ],
    [
      'a server slower than the time limit',
      () => ({ ...json(200, { data: [] }), delayMs: 3_000 }),
      { reason: 'timeout' },
      250,
    ],
  ];

  it.each(failures)(
    'falls back to the local render on %s, and says so',
    async (_, answer, fallback, timeoutMs) => {
      api.answer(answer);
      warnings.length = 0;
      const [result] = await provider(timeoutMs ? { timeoutMs } : {}).renderFusion({
        request: baseRequest(),
        product,
        context,
      });
      expect(api.requests).toHaveLength(1);
      const { metadata, images } = result!;
      expect(metadata).toMatchObject({ engine: 'local', provider: 'openai', width: 1080, height: 1080 });
      expect(metadata.fallback).toEqual(fallback);
      expect(metadata.scene).toBeUndefined();
      expect(metadata.steps[0]).toBe(`openai scene unavailable (${fallback.reason}): local scene`);
      const out = await decodeOutput(images.jpeg!);
      expect([out.width, out.height]).toEqual([1080, 1080]);
      expect(await productFidelity(out, metadata.product, prepared.cutout)).toBeGreaterThanOrEqual(0.85);
      expect(warnings).toEqual([
        expect.objectContaining({ provider: 'openai', variant: 0, reason: fallback.reason }),
      ]);
      expect(JSON.stringify({ metadata, warnings })).not.toContain(KEY);
      expect(JSON.stringify({ metadata, warnings })).not.toContain('Incorrect API key');
    },
    30_000,
  );

  it('refuses a URL answer that is neither https nor on the API origin', async () => {
    api.answer(() => json(200, { data: [{ url: 'http://169.254.169.254/latest/meta-data' }] }));
    const [result] = await provider().renderFusion({ request: baseRequest(), product, context });
    expect(result!.metadata.fallback).toEqual({ reason: 'malformed_response' });
    expect(api.requests).toHaveLength(1);
  }, 30_000);
});

describe('openai provider, the marketplace image', () => {
  it('asks the image API for nothing: the product alone on white is rendered locally, with no scene', async () => {
    api.answer((sent) => b64Answer(sent.body));
    const results = await provider().renderFusion({
      request: baseRequest({ format: 'marketplace', variants: 2 }),
      product,
    });
    expect(api.requests).toHaveLength(0);
    for (const { metadata } of results) {
      expect(metadata).toMatchObject({ engine: 'local', provider: 'openai', width: 2000, height: 2000 });
      expect(metadata.scene).toBeUndefined();
      expect(metadata.fallback).toBeUndefined();
      expect(metadata.steps[0]).toBe('pure white background');
    }
  }, 30_000);
});

describe('openai provider, Express', () => {
  const request = (input: Record<string, unknown> = {}) =>
    expressRequest.parse({
      style: 'vintage',
      format: 'banner',
      description: 'Pains et gâteaux du matin',
      ...input,
    });

  it('asks one scene per variant with its own prompt and typesets the description on it', async () => {
    api.answer((sent) => b64Answer(sent.body));
    const req = request({ variants: 2 });
    const results = await provider().renderExpress({ request: req });
    expect(api.requests.map((r) => JSON.parse(r.body))).toEqual(
      expect.arrayContaining(
        [0, 1].map((variant) => ({
          model: MODEL,
          prompt: planExpress(req, variant).prompt,
          n: 1,
          size: '1536x1024',
        })),
      ),
    );
    expect(api.requests).toHaveLength(2);
    for (const { images, metadata } of results) {
      const out = await decodeOutput(images.jpeg!);
      expect([out.width, out.height]).toEqual([1920, 640]);
      expect(metadata).toMatchObject({ mode: 'express', provider: 'openai', scene: { size: '1536x1024' } });
      expect(metadata.headline).toMatchObject({ text: 'Pains et gâteaux du matin', rendered: true });
      expect(metadata.headline!.contrast).toBeGreaterThanOrEqual(MIN_CONTRAST);
      // The violet of the drawn scene, not one of the local designs.
      const { r, g, b } = meanColour(out, 1860, 600, 40, 30);
      expect(b).toBeGreaterThan(g + 30);
      expect(r).toBeGreaterThan(g);
    }
  }, 30_000);

  it('reports each variant as it is rendered, and stops when told to without waiting for the other scenes', async () => {
    api.answer((sent) => b64Answer(sent.body));
    const progress: [number, number][] = [];
    await provider().renderExpress({
      request: request({ variants: 2, format: 'square' }),
      onVariant: (done, total) => void progress.push([done, total]),
    });
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);

    // The first scene arrives at once, the others only after a long wait: stopping after the first
    // variant must not wait for them.
    let asked = 0;
    api.answer(async (sent) => ({ ...(await b64Answer(sent.body)), delayMs: asked++ === 0 ? 0 : 4_000 }));
    const stop = new Error('cancelled');
    const started = performance.now();
    const rendered: number[] = [];
    await expect(
      provider().renderExpress({
        request: request({ variants: 3, format: 'square' }),
        onVariant: (done) => {
          rendered.push(done);
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(rendered).toEqual([1]);
    expect(performance.now() - started).toBeLessThan(3_500);
  }, 30_000);

  it('falls back to the local design when the API refuses', async () => {
    api.answer(() =>
      json(429, { error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' } }),
    );
    const req = request({ variants: 1, format: 'square' });
    const [result] = await provider().renderExpress({ request: req });
    expect(result!.metadata).toMatchObject({
      provider: 'openai',
      fallback: { reason: 'http_429', status: 429, code: 'rate_limit_exceeded' },
      width: 1080,
      height: 1080,
    });
    expect(result!.metadata.steps.slice(0, 2)).toEqual([
      'openai scene unavailable (http_429): local scene',
      `${planExpress(req, 0).design.motif} design`,
    ]);
  }, 30_000);
});

describe('openai provider, uploads', () => {
  // Last in the file: the scene requests it abandons may still reach the server afterwards.
  it('still refuses uploads that do not decode, with the typed error', async () => {
    api.answer((request) => b64Answer(request.body));
    await expect(
      provider().renderFusion({ request: baseRequest(), product: await truncatedJpeg(), context }),
    ).rejects.toMatchObject({ name: 'EngineError', code: 'IMAGE_CORRUPT' });
    await expect(
      provider().renderFusion({ request: baseRequest(), product, context: pngClaiming(20_000, 20_000) }),
    ).rejects.toMatchObject({ name: 'EngineError', code: 'IMAGE_TOO_LARGE' });
  }, 30_000);
});
