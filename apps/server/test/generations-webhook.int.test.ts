/**
 * IMAGE_PROVIDER=webhook end to end (spec section 7, docs/decisions/007): the worker posts the signed
 * spec payload to the workflow (a local HTTP server) with signed links to the uploads, then waits; the
 * test answers as the workflow would, with a signed callback whose image the server downloads from a
 * local HTTPS host. Bad signatures, unknown generations, replays, late callbacks, cancellation, a
 * failed workflow and silence are all covered.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  signWorkflowBody,
  verifyCallbackSignature,
} from '@vitrine/engine/providers/webhook';
import {
  drawnScenePng,
  json,
  startFakeServer,
  type FakeServer,
} from '@vitrine/engine/test-utils/fake-image-api';
import type { Worker } from '../src/jobs/worker';
import { storageDir } from '../src/modules/storage/storage';
import { pathOf } from './helpers/accounts';
import { signedInUser, uploaded } from './helpers/factories';
import {
  contextJpeg,
  detail,
  productJpeg,
  startExpress,
  startFusion,
  started,
  waitForEnd,
} from './helpers/generations';
import { startHttpsServer, type TestHttpsServer } from './helpers/https-server';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

const SECRET = 'whsec_5d8e2f1a9c4b7e6d3a2f1e0d9c8b7a6f';
/** A local address keeps the test mailbox (account verification) available. */
const PUBLIC_URL = 'http://vitrine.localhost:3000';
/** How long the worker waits for a callback; the silent-workflow test waits this long. */
const WAIT_MS = 4000;

let t: TestApp;
let worker: Worker;
let hook: FakeServer;
let images: TestHttpsServer;
let imageRequests = 0;
let scene: Buffer;

beforeAll(async () => {
  scene = await drawnScenePng(1024, 1024);
  hook = await startFakeServer(() => json(200, { message: 'Workflow was started' }));
  images = await startHttpsServer(['images.test'], (req, res) => {
    imageRequests++;
    if (req.url === '/scene.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(scene);
    res.writeHead(404).end();
  });
  t = await createTestApp(
    {
      IMAGE_PROVIDER: 'webhook',
      WORKFLOW_WEBHOOK_URL: `${hook.origin}/webhook/vitrine`,
      WORKFLOW_WEBHOOK_SECRET: SECRET,
      IMAGE_PROVIDER_TIMEOUT_MS: String(WAIT_MS),
      PUBLIC_URL,
    },
    undefined,
    {
      ca: images.ca,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      isAllowedAddress: (ip) => ip === '127.0.0.1',
      ports: [images.port],
    },
  );
  worker = await startTestWorker(t);
});
afterAll(async () => {
  await worker.stop(2000);
  await t.close();
  await hook.close();
  await images.close();
});

const sceneUrl = () => `https://images.test:${images.port}/scene.png`;

function callback(body: unknown, options: { secret?: string; origin?: string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = signWorkflowBody(raw, options.secret ?? SECRET, Math.floor(Date.now() / 1000));
  return {
    raw,
    signature,
    send: (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/workflow',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signature,
          ...(options.origin ? { origin: options.origin } : {}),
          ...headers,
        },
        payload: raw,
      }),
  };
}

/** The payload the workflow received for a generation (waits for it). */
async function received(generationId: string) {
  for (let i = 0; i < 600; i++) {
    const request = hook.requests.find((r) => r.body.includes(generationId));
    if (request) return request;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the workflow never received ${generationId}`);
}

async function generationRow(id: string) {
  const [row] = await t.database.query<{ status: string; progress: number; workflow_result: unknown }>(
    `select status, progress, workflow_result from background_generations where id = $1`,
    [id],
  );
  return row!;
}

async function storedImages(generationId: string) {
  const [row] = await t.database.query<{ webhook_data: { images: unknown[] } }>(
    `select webhook_data from user_image_generations where background_generation_id = $1`,
    [generationId],
  );
  return row?.webhook_data.images;
}

function userFiles(userId: string): string[] {
  const dir = path.join(storageDir(t.config.dataDir), userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function cornerColour(jpeg: Buffer) {
  const { channels } = await sharp(jpeg).extract({ left: 20, top: 20, width: 60, height: 60 }).stats();
  const [r, g, b] = channels.map((c) => c.mean) as [number, number, number];
  return { r, g, b };
}

describe('webhook provider', () => {
  it('posts the signed spec payload with links to the uploads, takes the signed callback’s image, composites on it', async () => {
    hook.answer(() => json(200, { message: 'Workflow was started' }));
    const u = await signedInUser(t.app, 'workflow@example.test');
    const [product, context] = await Promise.all([productJpeg(), contextJpeg()]);
    const productUploadId = await uploaded(t.app, u.cookie, { name: 'pot.jpg', bytes: product });
    const contextUploadId = await uploaded(t.app, u.cookie, { name: 'etagere.jpg', bytes: context });
    const res = await startFusion(t.app, u.cookie, {
      productUploadId,
      contextUploadId,
      format: 'carré',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    const { id } = started(res.body).generation;

    // The payload: signed with the shared secret, the spec's French names and 'name WxH' format.
    const sent = await received(id);
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/webhook/vitrine');
    expect(sent.headers['content-type']).toBe('application/json');
    const signature = sent.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyCallbackSignature(sent.body, signature, SECRET)).toMatchObject({ ok: true });
    expect(verifyCallbackSignature(sent.body, signature, `${SECRET}x`)).toMatchObject({ ok: false });
    const uploadLink = (uploadId: string) =>
      expect.stringMatching(
        new RegExp(`^${PUBLIC_URL}/api/uploads/${uploadId}/file\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`),
      );
    const payload = JSON.parse(sent.body) as Record<string, string>;
    expect(payload).toEqual({
      imageProduit: uploadLink(productUploadId),
      imageContexte: uploadLink(contextUploadId),
      positionProduit: 'gauche',
      styleRendu: 'vintage',
      paletteCouleur: 'chaude',
      sloganPrincipal: 'Le goût du vrai',
      taglineSecondaire: 'Torréfié à Lyon depuis 1952',
      nomProduit: 'Café de spécialité',
      styleTypo: 'élégant',
      formatImage: 'carré 1080x1080',
      tailleProduit: 'normal',
      orientationProduit: 'normale',
      niveauIntegration: 'immersif',
      flouContexte: 'net',
      ageAudience: 'adultes',
      genreAudience: 'non spécifique',
      niveauSophistication: 'grand public',
      usageImage: 'affiche',
      backgroundGenerationId: id,
      user_id: u.userId,
    });

    // The workflow can fetch the uploads with those links alone; a tampered link is refused.
    const fetched = await t.app.inject({ method: 'GET', url: pathOf(payload.imageProduit!) });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(fetched.rawPayload.equals(product)).toBe(true);
    const tampered = pathOf(payload.imageContexte!).replace(/sig=./, (s) =>
      s.endsWith('A') ? 'sig=B' : 'sig=A',
    );
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const otherUpload = pathOf(payload.imageProduit!).replace(productUploadId, contextUploadId);
    expect((await t.app.inject({ method: 'GET', url: otherUpload })).statusCode).toBe(404);

    // While it waits, the generation keeps moving (20 → 45 %).
    for (let i = 0; i < 100 && (await generationRow(id)).progress <= 20; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await generationRow(id)).progress).toBeGreaterThan(20);
    expect((await generationRow(id)).progress).toBeLessThanOrEqual(45);

    const body = {
      backgroundGenerationId: id,
      status: 'completed',
      webhook_data: { allImages: [sceneUrl()] },
    };

    // A forged signature: 401, nothing changes, nothing is fetched.
    const forged = await callback(body, { secret: 'not-the-secret-but-32-characters!' }).send();
    expect(forged.statusCode).toBe(401);
    const unsigned = await callback(body).send({ [SIGNATURE_HEADER]: '' });
    expect(unsigned.statusCode).toBe(401);
    expect(await generationRow(id)).toMatchObject({ status: 'processing', workflow_result: null });
    expect(imageRequests).toBe(0);

    // An unknown generation: 404.
    const unknown = await callback({ ...body, backgroundGenerationId: randomUUID() }).send();
    expect(unknown.statusCode).toBe(404);
    const strangerOwner = await callback({ ...body, user_id: 'someone-else' }).send();
    expect(strangerOwner.statusCode).toBe(404);
    expect(await generationRow(id)).toMatchObject({ status: 'processing', workflow_result: null });

    // The real callback, from a workflow host with its own Origin: the origin check does not apply.
    const answer = callback(body, { origin: 'https://automation.example' });
    const accepted = await answer.send();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true });
    expect(imageRequests).toBe(1);

    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.result!.images.map((i) => [i.width, i.height])).toEqual([[1080, 1080]]);
    const jpeg = (await t.app.inject({ method: 'GET', url: done.result!.images[0]!.url })).rawPayload;
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
    // The workflow's violet scene, not the context photo's warm wall.
    const { r, g, b } = await cornerColour(jpeg);
    expect(b).toBeGreaterThan(g + 20);
    expect(r).toBeGreaterThan(g);
    expect(await storedImages(id)).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: { provider: 'webhook', scene: { source: 'webhook' } },
        // The user's product, cut out by us whoever drew the scene.
        cutout: { method: 'studio', confidence: expect.any(Number) },
      }),
    ]);
    // The downloaded scene is gone once rendered on.
    expect(userFiles(u.userId).filter((f) => f.startsWith('workflow-'))).toEqual([]);

    // The same callback again changes nothing; another one for a finished generation is refused.
    const replay = await answer.send();
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const late = await callback({ ...body, webhook_data: { imageUrl: sceneUrl() } }).send();
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('GENERATION_NOT_WAITING');
    expect(imageRequests).toBe(1);
    const results = await t.database.query(
      `select id from user_image_generations where background_generation_id = $1`,
      [id],
    );
    expect(results).toHaveLength(1);
    expect(userFiles(u.userId).filter((f) => f.startsWith('workflow-'))).toEqual([]);
  });

  it('a Fusion on one of our scenes: the workflow is sent the scene’s public image and its id (decor)', async () => {
    hook.answer(() => json(200, {}));
    const u = await signedInUser(t.app, 'workflow-scene@example.test');
    const productUploadId = await uploaded(t.app, u.cookie, { name: 'pot.jpg', bytes: await productJpeg() });
    const res = await startFusion(t.app, u.cookie, {
      productUploadId,
      sceneId: 'outdoor-river-ledge',
      format: 'carré',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    const { id } = started(res.body).generation;
    const payload = JSON.parse((await received(id)).body) as Record<string, string>;
    expect(payload).toMatchObject({
      imageContexte: `${PUBLIC_URL}/api/scenes/outdoor-river-ledge/image?palette=chaude`,
      decor: 'outdoor-river-ledge',
    });
    // The workflow fetches it without a session.
    const fetched = await t.app.inject({ method: 'GET', url: pathOf(payload.imageContexte!) });
    expect(fetched.statusCode).toBe(200);
    expect(await sharp(fetched.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 539 });
    // Without a scene from the workflow, the image is rendered locally on the scene chosen.
    const failed = await callback({ backgroundGenerationId: id, status: 'failed', error: 'busy' }).send();
    expect(failed.statusCode).toBe(200);
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    expect(done.result!.settings).toMatchObject({ sceneId: 'outdoor-river-ledge', contextUploadId: null });
  });

  it('a callback with status failed renders locally, reason workflow_failed', async () => {
    hook.answer(() => json(200, {}));
    const u = await signedInUser(t.app, 'workflow-failed@example.test');
    const res = await startExpress(t.app, u.cookie, {
      style: 'minimaliste',
      format: 'square',
      productName: 'Bougie lavande & figue',
      variants: 1,
    });
    const { id } = started(res.body).generation;
    const sent = JSON.parse((await received(id)).body) as Record<string, unknown>;
    expect(sent).toEqual({
      style: 'minimaliste',
      format: 'square 1080x1080',
      nomProduit: 'Bougie lavande & figue',
      user_id: u.userId,
      generation_type: 'vitrine_express',
      backgroundGenerationId: id,
    });
    const failed = await callback({
      backgroundGenerationId: id,
      status: 'failed',
      error: 'model overloaded',
    }).send();
    expect(failed.statusCode).toBe(200);
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    expect(await storedImages(id)).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: { provider: 'webhook', fallback: { reason: 'workflow_failed' } },
      }),
    ]);
  });

  it('no callback before IMAGE_PROVIDER_TIMEOUT_MS: renders locally (no_callback) and refuses the late callback', async () => {
    hook.answer(() => json(200, {}));
    const u = await signedInUser(t.app, 'workflow-silent@example.test');
    const started_ = Date.now();
    const res = await startExpress(t.app, u.cookie, { style: 'techno', format: 'square', variants: 1 });
    const { id } = started(res.body).generation;
    await received(id);
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(Date.now() - started_).toBeGreaterThanOrEqual(WAIT_MS);
    expect(done.generation.status).toBe('completed');
    expect(await storedImages(id)).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: { provider: 'webhook', fallback: { reason: 'no_callback' } },
      }),
    ]);
    const before = imageRequests;
    const late = await callback({
      backgroundGenerationId: id,
      status: 'completed',
      webhook_data: { selectedImage: sceneUrl() },
    }).send();
    expect(late.statusCode).toBe(409);
    expect(imageRequests).toBe(before);
    expect(userFiles(u.userId).filter((f) => f.startsWith('workflow-'))).toEqual([]);
  });

  it('a workflow that refuses the payload: rendered locally without waiting, its HTTP status as the reason', async () => {
    hook.answer(() => json(503, { message: 'maintenance' }));
    const u = await signedInUser(t.app, 'workflow-down@example.test');
    const res = await startExpress(t.app, u.cookie, { style: 'artistique', format: 'square', variants: 1 });
    const { id } = started(res.body).generation;
    const done = await waitForEnd(t.app, u.cookie, id);
    expect(done.generation.status).toBe('completed');
    // It did not wait for a callback that cannot come: the record says the payload never got through.
    expect((await generationRow(id)).workflow_result).toEqual({ status: 'not_sent', reason: 'http_503' });
    expect(await storedImages(id)).toEqual([
      expect.objectContaining({
        key: expect.any(String),
        width: 1080,
        height: 1080,
        engine: { provider: 'webhook', fallback: { reason: 'http_503' } },
      }),
    ]);
  });

  it('cancel-all while waiting: the worker stops, the credit comes back, a callback afterwards is refused', async () => {
    hook.answer(() => json(200, {}));
    const u = await signedInUser(t.app, 'workflow-cancel@example.test');
    const res = await startExpress(t.app, u.cookie, { style: 'elegante', format: 'square', variants: 1 });
    const { id } = started(res.body).generation;
    await received(id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(cancel.json()).toMatchObject({ cancelled: 1, usage: { used: 0 } });
    const late = await callback({
      backgroundGenerationId: id,
      status: 'completed',
      webhook_data: [sceneUrl()],
    }).send();
    expect(late.statusCode).toBe(409);
    const d = await detail(t.app, u.cookie, id);
    expect(d).toMatchObject({ generation: { status: 'failed' }, result: null });
    expect(userFiles(u.userId)).toEqual([]);
  });

  it('a callback that is not JSON, or not a callback, is refused once its signature is checked', async () => {
    const notJson = await callback(null, { raw: '{"backgroundGenerationId":' }).send();
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('INVALID_JSON');
    const notCallback = await callback({ backgroundGenerationId: randomUUID(), status: 'done' }).send();
    expect(notCallback.statusCode).toBe(400);
    expect(notCallback.json().error.code).toBe('VALIDATION_FAILED');
    const unsignedGarbage = await callback(null, { raw: 'garbage' }).send({
      [SIGNATURE_HEADER]: 't=1,v1=00',
    });
    expect(unsignedGarbage.statusCode).toBe(401);
  });
});
