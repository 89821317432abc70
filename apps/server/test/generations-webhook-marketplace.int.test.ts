/**
 * IMAGE_PROVIDER=webhook and the marketplace image (decision 059): the product alone on white has no
 * scene for the workflow to draw, so the worker neither posts the payload nor waits for a callback; a
 * format with a scene is still sent (generations-webhook.int.test.ts covers the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeServer, type FakeServer } from '@vitrine/engine/test-utils/fake-image-api';
import type { Worker } from '../src/jobs/worker';
import {
  generationKit,
  contextJpeg,
  productJpeg,
  startFusion,
  started,
  waitForEnd,
} from './helpers/generations';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

/** How long a worker would wait for a callback before rendering locally ('timeout'). */
const WAIT_MS = 8000;

let t: TestApp;
let worker: Worker;
let hook: FakeServer;
let kit: ReturnType<typeof generationKit>;

beforeAll(async () => {
  hook = await startFakeServer(() => json(200, { message: 'Workflow was started' }));
  t = await createTestApp({
    IMAGE_PROVIDER: 'webhook',
    WORKFLOW_WEBHOOK_URL: `${hook.origin}/webhook/vitrine`,
    WORKFLOW_WEBHOOK_SECRET: 'whsec_5d8e2f1a9c4b7e6d3a2f1e0d9c8b7a6f',
    IMAGE_PROVIDER_TIMEOUT_MS: String(WAIT_MS),
    PUBLIC_URL: 'http://vitrine.localhost:3000',
  });
  kit = generationKit(t, { product: await productJpeg(), context: await contextJpeg() });
  worker = await startTestWorker(t);
});
afterAll(async () => {
  await worker.stop(2000);
  await t.close();
  await hook.close();
});

describe('webhook provider, marketplace image', () => {
  it('is rendered without asking the workflow: no payload posted, no callback awaited', async () => {
    const u = await kit.userWithUploads('marketplace-webhook@example.test');
    const res = await startFusion(t.app, u.cookie, {
      productUploadId: u.productUploadId,
      format: 'marketplace',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    const { id } = started(res.body).generation;
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    expect(hook.requests.filter((r) => r.body.includes(id))).toEqual([]);
    const [row] = await t.database.query<{ workflow_result: unknown }>(
      `select workflow_result from background_generations where id = $1`,
      [id],
    );
    expect(row!.workflow_result).toBeNull();
    // Not waited for: a worker that had waited would record why it drew no scene ('timeout').
    const [result] = await t.database.query<{ images: { engine: unknown }[] }>(
      `select webhook_data->'images' as images from user_image_generations where background_generation_id = $1`,
      [id],
    );
    expect(result!.images.map((image) => image.engine)).toEqual([{ provider: 'webhook' }]);
  });

  it('a format with a scene is still posted to the workflow', async () => {
    const u = await kit.userWithUploads('pin-webhook@example.test');
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, format: 'pinterest', variants: 1 });
    const { id } = started(res.body).generation;
    await expect
      .poll(() => hook.requests.filter((r) => r.body.includes(id)).length, { timeout: 10_000 })
      .toBe(1);
    const sent = JSON.parse(hook.requests.find((r) => r.body.includes(id))!.body) as Record<string, unknown>;
    expect(sent.formatImage).toBe('pinterest 1000x1500');
    // Not answered: the render goes on locally once the wait is over.
    expect((await waitForEnd(t.app, u.cookie, id, 30_000)).generation.status).toBe('completed');
  }, 40_000);
});
