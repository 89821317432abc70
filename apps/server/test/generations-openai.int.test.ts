/**
 * IMAGE_PROVIDER=openai end to end: the worker asks an OpenAI-compatible images API (a local HTTP server
 * answering like it) for each variant's background, composites on it, reports progress per variant and
 * records who drew each image in webhook_data; an API error or no answer in time falls back to the local
 * engine, and the result says why.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planExpress } from '@vitrine/engine/art-direction/express-plan';
import {
  drawnScenePng,
  json,
  startFakeServer,
  type FakeServer,
} from '@vitrine/engine/test-utils/fake-image-api';
import { expressRequest } from '@vitrine/shared/api/generation';
import type { Worker } from '../src/jobs/worker';
import { signedInUser } from './helpers/factories';
import { detail, startExpress, started, waitForEnd } from './helpers/generations';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

const KEY = 'sk-test-3b1f9e2d7c6a5b4e3d2c1b0a9f8e7d6c';

let api: FakeServer;
let scene: Buffer;

beforeAll(async () => {
  api = await startFakeServer();
  scene = await drawnScenePng(1024, 1024);
});
afterAll(() => api.close());

const sceneAnswer = () => json(200, { created: 1, data: [{ b64_json: scene.toString('base64') }] });

/** The stored result of a generation, as history keeps it. */
async function storedResult(t: TestApp, generationId: string) {
  const [row] = await t.database.query<{ webhook_data: Record<string, unknown> & { images: unknown[] } }>(
    `select webhook_data from user_image_generations where background_generation_id = $1`,
    [generationId],
  );
  return row!.webhook_data;
}

/** Mean colour of the top-left corner of an image: violet for the drawn scene, not the local designs. */
async function cornerColour(jpeg: Buffer) {
  const { channels } = await sharp(jpeg).extract({ left: 20, top: 20, width: 60, height: 60 }).stats();
  const [r, g, b] = channels.map((c) => c.mean) as [number, number, number];
  return { r, g, b };
}

async function imagesOf(t: TestApp, cookie: string, generationId: string) {
  const { result } = await detail(t.app, cookie, generationId);
  return Promise.all(
    result!.images.map(async (image) => (await t.app.inject({ method: 'GET', url: image.url })).rawPayload),
  );
}

describe('openai provider, answering', () => {
  let t: TestApp;
  let worker: Worker;
  beforeAll(async () => {
    t = await createTestApp({
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${api.origin}/v1`,
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
      // Generous: the second scene is held until the test has seen the first variant's progress.
      IMAGE_PROVIDER_TIMEOUT_MS: '60000',
    });
    worker = await startTestWorker(t);
  });
  afterAll(async () => {
    await worker.stop(2000);
    await t.close();
  });

  it('draws each variant’s background with the API, reports progress per variant, records provider openai', async () => {
    const u = await signedInUser(t.app, 'openai@example.test');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    api.answer(async () => {
      if (asked++ > 0) await held;
      return sceneAnswer();
    });
    const body = { style: 'moderne', format: 'square', description: 'Atelier de céramique', variants: 2 };
    const res = await startExpress(t.app, u.cookie, body);
    expect(res.statusCode).toBe(202);
    const { id } = started(res.body).generation;

    // One variant of two rendered: 20 + 70 / 2 = 55 %, while the second scene is still being drawn.
    const deadline = Date.now() + 50_000;
    let progress: number | null = null;
    while (Date.now() < deadline && progress !== 55) {
      progress = (await detail(t.app, u.cookie, id)).generation.progress;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(progress).toBe(55);
    release();

    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.result!.images.map((i) => [i.width, i.height])).toEqual([
      [1080, 1080],
      [1080, 1080],
    ]);

    // One request per variant, with the plan's own prompt, the key only in the Authorization header.
    const request = expressRequest.parse(body);
    expect(api.requests.map((r) => JSON.parse(r.body))).toEqual(
      expect.arrayContaining(
        [0, 1].map((variant) => ({
          model: 'gpt-image-1',
          prompt: planExpress(request, variant).prompt,
          n: 1,
          size: '1024x1024',
        })),
      ),
    );
    expect(api.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/v1/images/generations', `Bearer ${KEY}`],
      ['/v1/images/generations', `Bearer ${KEY}`],
    ]);

    for (const jpeg of await imagesOf(t, u.cookie, id)) {
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
      const { r, g, b } = await cornerColour(jpeg);
      expect(b).toBeGreaterThan(g + 20);
      expect(r).toBeGreaterThan(g);
    }

    const stored = await storedResult(t, id);
    // (Each image also records the faces of its text: generations-render.int.test.ts checks them.)
    expect(stored.images).toEqual(
      [0, 1].map(() =>
        expect.objectContaining({
          key: expect.any(String),
          width: 1080,
          height: 1080,
          engine: {
            provider: 'openai',
            scene: { source: 'openai', model: 'gpt-image-1', size: '1024x1024', ms: expect.any(Number) },
          },
        }),
      ),
    );
    expect(JSON.stringify(stored)).not.toContain(KEY);
  });

  it('an API error renders locally: the generation completes and records the fallback', async () => {
    const u = await signedInUser(t.app, 'openai-500@example.test');
    api.answer(() =>
      json(500, { error: { message: `key ${KEY} broke`, type: 'server_error', code: 'boom' } }),
    );
    const res = await startExpress(t.app, u.cookie, { style: 'naturel', format: 'square', variants: 1 });
    const { id } = started(res.body).generation;
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    expect(done.result!.images.map((i) => [i.width, i.height])).toEqual([[1080, 1080]]);
    const stored = await storedResult(t, id);
    expect(stored.images).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: {
          provider: 'openai',
          fallback: { reason: 'http_500', status: 500, code: 'boom', type: 'server_error' },
        },
      }),
    ]);
    expect(JSON.stringify(stored)).not.toContain(KEY);
    // The local design, not the violet scene.
    const [jpeg] = await imagesOf(t, u.cookie, id);
    const { g, b } = await cornerColour(jpeg!);
    expect(b).toBeLessThan(g + 20);
  });
});

describe('openai provider, silent', () => {
  let t: TestApp;
  let worker: Worker;
  beforeAll(async () => {
    t = await createTestApp({
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${api.origin}/v1`,
      IMAGE_PROVIDER_TIMEOUT_MS: '300',
    });
    worker = await startTestWorker(t);
  });
  afterAll(async () => {
    await worker.stop(2000);
    await t.close();
  });

  it('no answer within IMAGE_PROVIDER_TIMEOUT_MS: the variant is rendered locally, reason timeout', async () => {
    const u = await signedInUser(t.app, 'openai-slow@example.test');
    api.answer(() => ({ ...sceneAnswer(), delayMs: 5_000 }));
    const res = await startExpress(t.app, u.cookie, { style: 'vintage', format: 'square', variants: 1 });
    const { id } = started(res.body).generation;
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    const stored = await storedResult(t, id);
    expect(stored.images).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: { provider: 'openai', fallback: { reason: 'timeout' } },
      }),
    ]);
  });
});
