/**
 * Generations rendered by the real worker and engine, through the HTTP API on a real database: results,
 * images for their owner or by signed link, history, stats, render failures, cancel during a render,
 * and the server-sent events with catch-up.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationEvent, GenerationStats, HistoryResponse } from '@vitrine/shared/api/generations';
import type { Worker } from '../src/jobs/worker';
import { createLocalRenderer, type Renderer } from '../src/modules/generations/render';
import { serverSentEvents, type ServerSentEvent } from './helpers/event-stream';
import { signedInUser } from './helpers/factories';
import {
  contextJpeg,
  detail,
  fusionOptions,
  generationKit,
  productJpeg,
  startExpress,
  startFusion,
  started,
  waitForEnd,
} from './helpers/generations';
import { startTestWorker, useTestApp } from './helpers/test-app';

const t = useTestApp();
let kit: ReturnType<typeof generationKit>;
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

beforeAll(async () => {
  kit = generationKit(t, { product: await productJpeg(), context: await contextJpeg() });
});
afterAll(async () => {
  await worker?.stop(2000);
});

const userWithUploads = (email: string) => kit.userWithUploads(email);
const usage = (cookie: string) => kit.usage(cookie);
const rows = (userId: string) => kit.rows(userId);
const storedFiles = (userId: string) => kit.storedFiles(userId);

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
    const mallory = await signedInUser(t.app, 'mallory-gen@example.test');
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
    // "Generate again with these settings": the history entry carries them, with the two photos' ids.
    expect(own.items[0]!.settings).toEqual({
      mode: 'fusion',
      position: fusionOptions.position,
      style: fusionOptions.style,
      palette: fusionOptions.palette,
      slogan: fusionOptions.slogan,
      tagline: fusionOptions.tagline,
      productName: fusionOptions.productName,
      productView: 'automatique',
      typography: fusionOptions.typography,
      format: fusionOptions.format,
      everyFormat: false,
      productUploadId: u.uploads.productUploadId,
      contextUploadId: u.uploads.contextUploadId,
      // An uploaded context photo, not a ready-made scene.
      sceneId: null,
      // The light left automatic.
      light: null,
      reflection: 'automatique',
      // "Apply my brand" left on (the account has no kit).
      brand: true,
    });
    expect(result.settings).toEqual(own.items[0]!.settings);
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
    // Each image is stored with its text-free plate (decision 046).
    const kept = storedFiles(u.userId).filter((f) => f.startsWith(result.id));
    expect(kept.filter((f) => f.endsWith('.plate.jpg'))).toHaveLength(4);
    expect(kept).toHaveLength(8);
    // Each image records the faces its slogan and tagline were checked to be drawn with (Élégant).
    const [stored] = await t.database.query<{ webhook_data: { images: { faces: unknown }[] } }>(
      `select webhook_data from user_image_generations where id = $1`,
      [result.id],
    );
    for (const image of stored!.webhook_data.images) {
      expect(image.faces).toEqual([
        {
          role: 'slogan',
          face: expect.objectContaining({ family: 'Playfair Display', weight: 700, checked: true }),
        },
        {
          role: 'tagline',
          face: expect.objectContaining({ family: 'Playfair Display', italic: true, checked: true }),
        },
      ]);
    }
    // Each image says where its slogan and tagline are (the editor starts new texts clear of them):
    // inside the story's safe area, below the profile bar and above the reply field.
    for (const image of result.images) {
      expect(image.texts?.map((text) => text.role)).toEqual(['slogan', 'tagline']);
      for (const text of image.texts!) {
        expect(text.y).toBeGreaterThanOrEqual(250);
        expect(text.y + text.height).toBeLessThanOrEqual(1920 - 340);
        expect(text.x).toBeGreaterThanOrEqual(0);
        expect(text.x + text.width).toBeLessThanOrEqual(1080);
      }
    }
  });

  it('renders an Express visual with the description, in the post format', async () => {
    const u = await signedInUser(t.app, 'express@example.test');
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
    // Each image records the faces its texts were checked to be drawn with.
    const [stored] = await t.database.query<{ webhook_data: { images: { faces: unknown }[] } }>(
      `select webhook_data from user_image_generations where id = $1`,
      [done.result!.id],
    );
    for (const image of stored!.webhook_data.images) {
      expect(image.faces).toEqual(
        expect.arrayContaining([
          { role: 'slogan', face: expect.objectContaining({ family: expect.any(String), checked: true }) },
        ]),
      );
    }
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
    const stream = serverSentEvents(response.body!);
    const events: ServerSentEvent[] = [];
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const next = await stream.next();
        if (next.done) break;
        events.push(next.value);
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
