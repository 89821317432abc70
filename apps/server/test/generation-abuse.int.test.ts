/**
 * Abuse of the render queue through the HTTP API on a real database: start/cancel loops (rate limits,
 * cancelled jobs leaving the queue), cancelling at the last moment to keep the images for free, and one
 * account's burst delaying everyone else's generations.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, workerDeps, type Worker } from '../src/jobs/worker';
import type { Renderer } from '../src/modules/generations/render';
import { RENDER_JOB } from '../src/modules/generations/service';
import type { Storage } from '../src/modules/storage/storage';
import { signedInUser } from './helpers/factories';
import {
  contextJpeg,
  detail,
  generationKit,
  productJpeg,
  startExpress,
  startFusion,
  started,
  waitForEnd,
} from './helpers/generations';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
let kit: ReturnType<typeof generationKit>;
let worker: Worker | undefined;
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await contextJpeg();
  kit = generationKit(t, { product: await productJpeg(), context: jpeg });
});
afterAll(async () => {
  await worker?.stop(2000);
});

const express = { style: 'moderne', format: 'square' };
const cancelAll = (cookie: string, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/generations/cancel-all',
    headers: { cookie, 'accept-language': lang },
  });

/** The render jobs still waiting or running, in the order the queue hands them out. */
async function queuedJobs(): Promise<{ generationId: string; state: string }[]> {
  return t.database.query(
    `select data->>'generationId' as "generationId", state from pgboss.job
     where name = $1 and state in ('created', 'retry', 'active')
     order by priority desc, created_on, id`,
    [RENDER_JOB],
  );
}

async function jobStateOf(generationId: string): Promise<string | undefined> {
  const [row] = await t.database.query<{ state: string }>(
    `select state from pgboss.job where name = $1 and data->>'generationId' = $2`,
    [RENDER_JOB, generationId],
  );
  return row?.state;
}

async function generationIds(userId: string): Promise<string[]> {
  const rows = await t.database.query<{ id: string }>(
    `select id from background_generations where user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.id);
}

describe('start/cancel loops (no worker)', () => {
  it('a start/cancel loop hits the rate limit and leaves no job of it in the queue', async () => {
    const u = await signedInUser(t.app, 'loop@example.test');
    const starts: number[] = [];
    const cancels: number[] = [];
    for (let i = 0; i < 21; i++) {
      starts.push((await startExpress(t.app, u.cookie, express)).statusCode);
      cancels.push((await cancelAll(u.cookie)).statusCode);
    }
    // 20 starts and 20 cancels in ten minutes; the 21st of each is refused.
    expect(starts).toEqual([...Array<number>(20).fill(202), 429]);
    expect(cancels).toEqual([...Array<number>(20).fill(200), 429]);
    const refusedStart = await startExpress(t.app, u.cookie, express, 'en');
    expect(refusedStart.statusCode).toBe(429);
    expect(refusedStart.headers['retry-after']).toEqual(expect.any(String));
    expect(refusedStart.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many generations started in a short time\. Please try again in/),
    });
    const refusedCancel = await cancelAll(u.cookie);
    expect(refusedCancel.json().error.message).toMatch(
      /^Trop d’annulations en peu de temps\. Veuillez réessayer dans (1 minute|([2-9]|\d{2,}) minutes)\.$/,
    );
    // At most 20 generations were made, and not one of their jobs is still waiting for the worker.
    const ids = await generationIds(u.userId);
    expect(ids).toHaveLength(20);
    const waiting = (await queuedJobs()).filter((job) => ids.includes(job.generationId));
    expect(waiting).toEqual([]);
    expect(await Promise.all(ids.map(jobStateOf))).toEqual(Array<string>(20).fill('cancelled'));
    // The credit came back each time.
    expect(await kit.usage(u.cookie)).toMatchObject({ used: 0 });
  });

  it('one user’s start/cancel burst does not put more than one of its jobs ahead of another user’s', async () => {
    const burst = await signedInUser(t.app, 'burst@example.test');
    const other = await signedInUser(t.app, 'patient@example.test');
    for (let i = 0; i < 10; i++) {
      expect((await startExpress(t.app, burst.cookie, express)).statusCode).toBe(202);
      expect((await cancelAll(burst.cookie)).statusCode).toBe(200);
    }
    expect((await startExpress(t.app, burst.cookie, express)).statusCode).toBe(202);
    const { generation } = started((await startExpress(t.app, other.cookie, express)).body);
    const queue = await queuedJobs();
    const position = queue.findIndex((job) => job.generationId === generation.id);
    expect(position).toBeGreaterThanOrEqual(0);
    const burstIds = await generationIds(burst.userId);
    const ahead = queue.slice(0, position).filter((job) => burstIds.includes(job.generationId));
    expect(ahead).toHaveLength(1);
    // Cancel both so the worker below starts from an empty queue.
    await cancelAll(burst.cookie);
    await cancelAll(other.cookie);
  });
});

describe('with the worker', () => {
  let renders = 0;
  /** Set by a test: runs when the worker stores a result image, before it stores it. */
  let onResultImage: (() => Promise<void>) | undefined;
  const variant = () => ({ jpeg, width: 1600, height: 1067, metadata: {} });
  const renderer: Renderer = {
    async fusion(_input, onVariant) {
      renders++;
      await onVariant(1, 1);
      return [variant()];
    },
    async express(_input, onVariant) {
      renders++;
      await onVariant(1, 1);
      return [variant()];
    },
  };

  beforeAll(async () => {
    const deps = workerDeps(t.config);
    const storage: Storage = {
      ...deps.storage,
      async put(key, body, ...checks) {
        const hook = onResultImage;
        // Result images are named after a fresh result id: <user>/<uuid>-<index>.jpg.
        if (hook && /\/[0-9a-f-]{36}-\d+\.jpg$/.test(key)) {
          onResultImage = undefined;
          await hook();
        }
        return deps.storage.put(key, body, ...checks);
      },
    };
    startTestWorker = () =>
      startWorker(t.database, pino({ level: 'silent' }), { ...deps, storage, renderer });
    worker = await startTestWorker();
  });
  let startTestWorker: () => Promise<Worker>;

  it('a cancelled generation’s job leaves the queue and is never rendered: no render call, no image', async () => {
    const u = await kit.userWithUploads('cancelled-job@example.test');
    const v = await signedInUser(t.app, 'after-cancel@example.test');
    const before = renders;
    // No worker while the job waits, so the cancel surely comes first (a fast worker could otherwise
    // finish the render before the cancel, which then rightly keeps it).
    await worker?.stop();
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    expect((await cancelAll(u.cookie)).json()).toMatchObject({ cancelled: 1 });
    expect(await jobStateOf(generation.id)).toBe('cancelled');
    worker = await startTestWorker();
    // A generation started afterwards is rendered; the queue hands jobs out in order, so the cancelled
    // one would have been taken first.
    const next = started((await startExpress(t.app, v.cookie, express)).body);
    expect((await waitForEnd(t.app, v.cookie, next.generation.id)).generation.status).toBe('completed');
    expect(renders - before).toBe(1);
    expect(await detail(t.app, u.cookie, generation.id)).toMatchObject({
      generation: { status: 'failed', errorMessage: 'Annulé manuellement pour test' },
      result: null,
    });
    const results = await t.database.query(`select id from user_image_generations where user_id = $1`, [
      u.userId,
    ]);
    expect(results).toEqual([]);
    // Only the two uploads are in the user's folder.
    expect(kit.storedFiles(u.userId).filter((name) => /^[0-9a-f-]{36}-\d+\.jpg$/.test(name))).toEqual([]);
    expect(await kit.usage(u.cookie)).toMatchObject({ used: 0 });
  });

  it('cancel after completion keeps the images and the credit spent: a cancel while they are stored changes nothing', async () => {
    const u = await kit.userWithUploads('late-cancel@example.test');
    let cancel: { cancelled: number; usage: { used: number } } | undefined;
    onResultImage = async () => {
      cancel = (await cancelAll(u.cookie)).json();
    };
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    const done = await waitForEnd(t.app, u.cookie, generation.id);
    expect(cancel).toMatchObject({ cancelled: 0, usage: { used: 1 } });
    expect(done.generation).toMatchObject({ status: 'completed', progress: 100, errorMessage: null });
    expect(done.result!.images).toHaveLength(1);
    const image = await t.app.inject({ method: 'GET', url: done.result!.images[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(await kit.rows(u.userId)).toEqual([
      { status: 'completed', error_message: null, credit_reserved: false },
    ]);
    expect(await kit.usage(u.cookie)).toMatchObject({ used: 1, remaining: 2 });
  });
});
