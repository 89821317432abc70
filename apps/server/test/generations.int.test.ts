/**
 * Generations end to end through the HTTP API, on a real database, with the real worker and engine:
 * start, live progress, results, history, stats, the one-active rule, the free quota with its credit
 * reserve and refund, cancel-all, and isolation between users.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GenerationEvent,
  GenerationStats,
  HistoryResponse,
  Usage,
} from '@vitrine/shared/api/generations';
import { generationSweeper } from '../src/jobs/definitions/generation-sweeper';
import type { Worker } from '../src/jobs/worker';
import { createLocalRenderer, type Renderer } from '../src/modules/generations/render';
import { createLocalStorage, storageDir } from '../src/modules/storage/storage';
import { createVerifiedUser } from './helpers/accounts';
import {
  contextJpeg,
  detail,
  productJpeg,
  startExpress,
  startFusion,
  started,
  uploadImage,
  waitForEnd,
} from './helpers/generations';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

let t: TestApp;
let worker: Worker | undefined;
/** The worker's engine; a test may make it fail or hold it until the generation is cancelled. */
let behaviour: 'real' | 'fail' | 'hold' = 'real';
let holding: (() => void) | undefined;
const real = createLocalRenderer();
const renderer: Renderer = {
  async fusion(input, onVariant) {
    if (behaviour === 'fail') throw Object.assign(new Error('corrupt'), { name: 'EngineError' });
    if (behaviour === 'hold') {
      await onVariant(1, 4);
      await new Promise<void>((resolve) => (holding = resolve));
      await onVariant(2, 4); // throws once the generation is no longer processing
    }
    return real.fusion(input, onVariant);
  },
  express: (input, onVariant) => real.express(input, onVariant),
};

let product: Buffer;
let context: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [product, context] = await Promise.all([productJpeg(), contextJpeg()]);
});
afterAll(async () => {
  await worker?.stop(2000);
  await t.close();
});

async function userWithUploads(email: string) {
  const user = await createVerifiedUser(t.app, email);
  const productUploadId = await uploadImage(t.app, user.cookie, 'bouteille.jpg', product);
  const contextUploadId = await uploadImage(t.app, user.cookie, 'table.jpg', context);
  return { ...user, productUploadId, contextUploadId, uploads: { productUploadId, contextUploadId } };
}

async function usage(cookie: string): Promise<Usage> {
  return (await t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json();
}

async function rows(userId: string) {
  return t.database.query<{ status: string; error_message: string | null; credit_reserved: boolean }>(
    `select status, error_message, credit_reserved from background_generations where user_id = $1 order by created_at`,
    [userId],
  );
}

function storedFiles(userId: string): string[] {
  const dir = path.join(storageDir(t.config.dataDir), userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe('starting a generation (no worker yet)', () => {
  it('a visitor cannot generate: 401 “Veuillez vous connecter pour générer des images”', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generations/fusion', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Veuillez vous connecter pour générer des images');
  });

  it('checks every field against the shared contract and writes nothing when one is wrong', async () => {
    const u = await userWithUploads('fields@example.test');
    const res = await startFusion(
      t.app,
      u.cookie,
      { ...u.uploads, palette: 'arc-en-ciel', variants: 9, position: undefined },
      'en',
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({
      palette: 'Choose one of the options offered.',
      variants: 'The value is out of range.',
      position: expect.any(String),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/generations/express',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: '{"style": "techno",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    expect(await rows(u.userId)).toEqual([]);
    expect((await usage(u.cookie)).used).toBe(0);
  });

  it('another user’s uploads cannot be used: 404 and no generation', async () => {
    const alice = await userWithUploads('alice-gen@example.test');
    const bob = await createVerifiedUser(t.app, 'bob-gen@example.test');
    const res = await startFusion(t.app, bob.cookie, alice.uploads, 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('One of the images is no longer available. Upload it again.');
    expect(await rows(bob.userId)).toEqual([]);
  });

  it('a new record is created as processing with progress 10 and the spec’s payload', async () => {
    const u = await userWithUploads('payload@example.test');
    const res = await startFusion(t.app, u.cookie, u.uploads);
    expect(res.statusCode).toBe(202);
    const body = started(res.body);
    expect(body.generation).toMatchObject({ status: 'processing', progress: 10, mode: 'fusion' });
    expect(body.usage).toMatchObject({ plan: 'free', used: 1, limit: 3, remaining: 2 });
    const [row] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
      `select webhook_data from background_generations where id = $1`,
      [body.generation.id],
    );
    expect(row!.webhook_data).toEqual({
      imageProduit: `/api/uploads/${u.productUploadId}/file`,
      imageContexte: `/api/uploads/${u.contextUploadId}/file`,
      positionProduit: 'gauche',
      styleRendu: 'vintage',
      paletteCouleur: 'chaude',
      sloganPrincipal: 'Le goût du vrai',
      taglineSecondaire: 'Torréfié à Lyon depuis 1952',
      styleTypo: 'élégant',
      formatImage: 'story',
      tailleProduit: 'normal',
      orientationProduit: 'normale',
      niveauIntegration: 'immersif',
      flouContexte: 'net',
      ageAudience: 'adultes',
      genreAudience: 'non spécifique',
      niveauSophistication: 'grand public',
      usageImage: 'affiche',
      backgroundGenerationId: body.generation.id,
      user_id: u.userId,
    });
  });

  it('one active generation per user: 20 parallel starts, exactly one accepted, the others 409', async () => {
    const u = await userWithUploads('parallel@example.test');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => startFusion(t.app, u.cookie, u.uploads, 'en')),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const refused = responses.find((r) => r.statusCode === 409)!.json();
    expect(refused.error).toMatchObject({
      code: 'ACTIVE_GENERATION',
      message: 'A generation is already in progress. Please wait for it to finish or cancel it.',
    });
    expect(await rows(u.userId)).toHaveLength(1);
    // Only the accepted start holds a credit.
    expect((await usage(u.cookie)).used).toBe(1);
  });

  it('cancel-all fails the active generation with “Annulé manuellement pour test” and gives the credit back', async () => {
    const u = await userWithUploads('cancel@example.test');
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled: 1, usage: { used: 0, remaining: 3 } });
    const d = await detail(t.app, u.cookie, generation.id);
    expect(d.generation).toMatchObject({ status: 'failed', errorMessage: 'Annulé manuellement pour test' });
    // Cancelling again changes nothing and refunds nothing twice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(again.json()).toMatchObject({ cancelled: 0, usage: { used: 0 } });
    // A new generation may start now.
    expect((await startFusion(t.app, u.cookie, u.uploads)).statusCode).toBe(202);
  });

  it('user B can neither read, list, cancel nor delete anything of user A’s', async () => {
    const a = await userWithUploads('isolation-a@example.test');
    const b = await userWithUploads('isolation-b@example.test');
    const { generation } = started((await startFusion(t.app, a.cookie, a.uploads)).body);
    const as = (url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
      t.app.inject({ method, url, headers: { cookie: b.cookie } });
    expect((await as(`/api/generations/${generation.id}`)).statusCode).toBe(404);
    expect((await as('/api/generations/active')).json()).toMatchObject({ items: [] });
    expect((await as(`/api/uploads/${a.productUploadId}/file`)).statusCode).toBe(404);
    expect((await as(`/api/uploads/${a.productUploadId}`, 'DELETE')).statusCode).toBe(404);
    expect((await as('/api/generations/cancel-all', 'POST')).json()).toMatchObject({ cancelled: 0 });
    // A's generation and uploads are untouched.
    expect((await detail(t.app, a.cookie, generation.id)).generation.status).toBe('processing');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${a.productUploadId}/file`,
      headers: { cookie: a.cookie },
    });
    expect(own.statusCode).toBe(200);
    // A malformed id is simply not found.
    expect((await as('/api/generations/not-a-uuid')).statusCode).toBe(404);
  });

  it('a free account has 3 generations: the fourth gets 402 “Insufficient credits”, even in parallel', async () => {
    const u = await userWithUploads('quota@example.test');
    await t.database.query(
      `insert into user_subscription_info (user_id, free_generations_used) values ($1, 2)`,
      [u.userId],
    );
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'en'),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(1);
    expect((await usage(u.cookie)).used).toBe(3);
    await t.app.inject({ method: 'POST', url: '/api/generations/cancel-all', headers: { cookie: u.cookie } });
    await t.database.query(`update user_subscription_info set free_generations_used = 3 where user_id = $1`, [
      u.userId,
    ]);
    const res = await startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'en');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: "You don't have enough credits to generate an image. Please buy some.",
    });
    const fr = await startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'fr');
    expect(fr.json().error.message).toBe(
      'Vous n’avez pas assez de crédits pour générer une image. Veuillez en acheter.',
    );
    expect(await usage(u.cookie)).toMatchObject({ used: 3, remaining: 0, canGenerate: false });
  });

  it('subscribers count their billing cycle (Starter 40), which starts one month before subscription_end', async () => {
    const u = await userWithUploads('starter@example.test');
    const end = new Date(Date.now() + 10 * 86_400_000);
    await t.database.query(
      `insert into user_subscription_info (user_id, has_subscription, subscription_tier, subscription_end)
       values ($1, true, 'Starter', $2)`,
      [u.userId, end.toISOString()],
    );
    const before = await usage(u.cookie);
    expect(before).toMatchObject({ plan: 'starter', limit: 40, used: 0, hasSubscription: true });
    const cycleStart = new Date(end);
    cycleStart.setUTCMonth(cycleStart.getUTCMonth() - 1);
    expect(before.cycleStart).toBe(cycleStart.toISOString());
    expect((await startExpress(t.app, u.cookie, { style: 'naturel', format: 'post' })).statusCode).toBe(202);
    expect(await usage(u.cookie)).toMatchObject({ used: 1, remaining: 39 });
  });
});

describe('rendering (worker with the real engine)', () => {
  beforeAll(async () => {
    worker = await startTestWorker(t, renderer);
  });

  it('renders a Fusion story: 4 variants of 1080×1920, history, stats and owner-only images', async () => {
    const u = await userWithUploads('render@example.test');
    const res = await startFusion(t.app, u.cookie, u.uploads);
    const { generation } = started(res.body);
    const done = await waitForEnd(t.app, u.cookie, generation.id);
    expect(done.generation).toMatchObject({ status: 'completed', progress: 100 });
    const result = done.result!;
    expect(result.images).toHaveLength(4);
    expect(result.style).toBe('vintage');
    expect(result.availability).toBe('available');
    expect(new Date(result.expiresAt).getTime() - new Date(result.generatedAt).getTime()).toBe(
      365 * 86_400_000,
    );

    // Every variant is a real JPEG of the story size; the variants differ.
    const files = await Promise.all(
      result.images.map((image) => t.app.inject({ method: 'GET', url: image.url })),
    );
    for (const file of files) {
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);
    }
    expect(new Set(files.map((f) => f.rawPayload.toString('base64'))).size).toBe(4);
    expect(result.selectedImage).toBe(result.images[0]!.url);

    // The stable path needs the owner's session; a signed link works alone until it is tampered with.
    const stable = result.images[0]!.url.split('?')[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: stable, headers: { cookie: u.cookie } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: stable })).statusCode).toBe(401);
    const mallory = await createVerifiedUser(t.app, 'mallory-gen@example.test');
    expect(
      (await t.app.inject({ method: 'GET', url: stable, headers: { cookie: mallory.cookie } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${result.images[0]!.url.slice(0, -2)}xx` })).statusCode,
    ).toBe(404);
    const otherIndex = result.images[0]!.url.replace(/\/0\?/, '/1?');
    expect((await t.app.inject({ method: 'GET', url: otherIndex })).statusCode).toBe(404);

    // Mallory sees nothing of it.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/generations/${generation.id}`,
          headers: { cookie: mallory.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const malloryHistory: HistoryResponse = (
      await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie: mallory.cookie } })
    ).json();
    expect(malloryHistory.items).toEqual([]);

    const own: HistoryResponse = (
      await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie: u.cookie } })
    ).json();
    expect(own.items.map((i) => i.id)).toEqual([result.id]);
    const stats: GenerationStats = (
      await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: u.cookie } })
    ).json();
    expect(stats).toMatchObject({
      total_generations: 1,
      total_images: 4,
      generations_last_30_days: 1,
      images_last_30_days: 4,
      free_generations_used: 1,
      has_subscription: false,
      billing_cycle_generations: 1,
      success_rate: 100,
    });
    expect(stats.last_generation_date).toBe(result.generatedAt);
    // The credit is spent: a completed generation keeps it.
    expect(await usage(u.cookie)).toMatchObject({ used: 1, remaining: 2 });
    expect(storedFiles(u.userId).filter((f) => f.startsWith(result.id))).toHaveLength(4);
  });

  it('renders an Express visual with the description, in the post format', async () => {
    const u = await createVerifiedUser(t.app, 'express@example.test');
    const res = await startExpress(t.app, u.cookie, {
      style: 'naturel',
      format: 'post',
      description: ' Épicerie bio ',
      variants: 2,
    });
    expect(res.statusCode).toBe(202);
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.result!.images.map((i) => [i.width, i.height])).toEqual([
      [1920, 1080],
      [1920, 1080],
    ]);
    expect(done.result!.style).toBe('naturel');
  });

  it('a render failure marks the generation failed with a translated message and gives the credit back', async () => {
    const u = await userWithUploads('failure@example.test');
    behaviour = 'fail';
    try {
      const res = await startFusion(t.app, u.cookie, u.uploads, 'en');
      const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
      expect(done.generation).toMatchObject({
        status: 'failed',
        errorMessage: 'The image could not be created from these photos. Try other images.',
      });
      expect(done.result).toBeNull();
    } finally {
      behaviour = 'real';
    }
    expect(await usage(u.cookie)).toMatchObject({ used: 0, remaining: 3 });
    expect(storedFiles(u.userId).filter((f) => !/^\d/.test(f))).toEqual([]);
  });

  it('cancel-all stops a running render: no result, no files, credit back', async () => {
    const u = await userWithUploads('stop@example.test');
    behaviour = 'hold';
    try {
      const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
      for (let i = 0; i < 100 && !holding; i++) await new Promise((r) => setTimeout(r, 50));
      expect(holding).toBeDefined();
      const cancel = await t.app.inject({
        method: 'POST',
        url: '/api/generations/cancel-all',
        headers: { cookie: u.cookie },
      });
      expect(cancel.json()).toMatchObject({ cancelled: 1, usage: { used: 0 } });
      holding!();
      holding = undefined;
      await new Promise((r) => setTimeout(r, 300));
      const d = await detail(t.app, u.cookie, generation.id);
      expect(d).toMatchObject({ generation: { status: 'failed' }, result: null });
    } finally {
      behaviour = 'real';
    }
    expect(await rows(u.userId)).toEqual([
      { status: 'failed', error_message: 'Annulé manuellement pour test', credit_reserved: false },
    ]);
    const results = await t.database.query(`select id from user_image_generations where user_id = $1`, [
      u.userId,
    ]);
    expect(results).toEqual([]);
  });

  it('server-sent events: a snapshot, then every change up to completed, live', async () => {
    const u = await userWithUploads('events@example.test');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/events`, {
      headers: { cookie: u.cookie },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: { event: string; data: unknown }[] = [];
    let buffer = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    };
    await readUntil(() => events.some((e) => e.event === 'snapshot'));
    expect(events[0]).toEqual({ event: 'snapshot', data: { items: [], typicalSeconds: expect.any(Number) } });
    const { generation } = started((await startFusion(t.app, u.cookie, { ...u.uploads, variants: 2 })).body);
    const finished = () =>
      events.some((e) => e.event === 'generation' && (e.data as GenerationEvent).status === 'completed');
    await readUntil(finished);
    controller.abort();
    const changes = events.filter((e) => e.event === 'generation').map((e) => e.data as GenerationEvent);
    expect(changes.every((c) => c.id === generation.id)).toBe(true);
    const progress = changes.map((c) => c.progress);
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a! - b!)).toEqual(progress);
    expect(changes.at(-1)!.resultId).toEqual(expect.any(String));

    // A client that reconnects with the last event id it saw catches up on what it missed.
    const firstId = String(new Date(changes[0]!.updatedAt).getTime());
    const again = new AbortController();
    const resumed = await fetch(`${address}/api/events`, {
      headers: { cookie: u.cookie, 'last-event-id': firstId },
      signal: again.signal,
    });
    const resumedReader = resumed.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!/"status":"completed"/.test(text)) {
      const { value, done } = await resumedReader.read();
      if (done) break;
      text += value;
    }
    again.abort();
    expect(text).toMatch(/^event: snapshot$/m);
    expect(text).toMatch(new RegExp(`"id":"${generation.id}".*"status":"completed"`));
  });
});

describe('faults', () => {
  it('a generation whose worker stopped reporting is failed by the sweeper, credit back', async () => {
    const u = await userWithUploads('crash@example.test');
    await worker?.stop(2000);
    worker = undefined;
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads, 'en')).body);
    // As if the worker died mid-render ten minutes ago.
    await t.database.query(
      `update background_generations set updated_at = now() - interval '10 minutes' where id = $1`,
      [generation.id],
    );
    const summary = await generationSweeper.handle(
      {
        database: t.database,
        logger: pino({ level: 'silent' }),
        storage: createLocalStorage(storageDir(t.config.dataDir)),
        renderer: createLocalRenderer(),
      },
      {},
    );
    expect(summary).toEqual({ failed: 1 });
    const d = await detail(t.app, u.cookie, generation.id);
    expect(d.generation).toMatchObject({
      status: 'failed',
      errorMessage: 'The generation was interrupted. Your credit has been given back; please try again.',
    });
    expect(await usage(u.cookie)).toMatchObject({ used: 0 });
  });
});
