/**
 * GET /metrics (docs/decisions/065): Prometheus' text format, served to this machine and to others
 * only with METRICS_TOKEN; requests labelled by their route's pattern; generations counted by mode and
 * outcome as the real worker and engine finish them, with the credits given back.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderGenerationHandler } from '../src/jobs/handlers/render-generation';
import { sweepGenerations } from '../src/jobs/handlers/generation-sweeper';
import { createQueue } from '../src/jobs/queue';
import { createLocalRenderer } from '../src/modules/generations/render';
import { RENDER_JOB } from '../src/modules/generations/service';
import { createLocalStorage, storageDir } from '../src/modules/storage/storage';
import { generation, signedInUser } from './helpers/factories';
import { startFusion, started, waitForEnd } from './helpers/generations';
import { scrape, valueOf } from './helpers/prometheus';
import { useRenderingKit } from './helpers/rendering';
import { createTestApp, useTestApp, type TestApp } from './helpers/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';
const ELSEWHERE = '203.0.113.7';
const IDLE_QUEUE = 'metrics-test-idle';

const t = useTestApp();
const kit = useRenderingKit(t);

describe('who may read GET /metrics', () => {
  let withToken: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => withToken.close());

  it('answers a client on this machine (IPv4 or IPv6 loopback) in Prometheus text format', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE vitrine_http_request_duration_seconds histogram');
    }
  });

  it('does not exist for another client when no METRICS_TOKEN is set (404), token or not', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: ELSEWHERE,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('vitrine_');
    }
  });

  it('is not local when a proxy on this machine forwards it (X-Forwarded-For cannot make a client local)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: ELSEWHERE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, another client needs it as a bearer token: 401 without it or with a wrong one', async () => {
    const ask = (headers: Record<string, string>) =>
      withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: ELSEWHERE, headers });
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      // The token without its scheme.
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await ask(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    const res = await ask({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('vitrine_generations_total');
    // This machine still needs no token.
    expect((await withToken.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('what GET /metrics reports', () => {
  it('labels request durations by route pattern and status, never by the address asked for', async () => {
    const id = '5b0c3c52-9a3e-4a3e-9d55-0d5b2f1b6a11';
    await t.app.inject({ method: 'GET', url: `/api/generations/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint-4821' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape(t.app);
    const duration = 'vitrine_http_request_duration_seconds_count';
    expect(valueOf(text, duration, { route: '/api/generations/:id', status: '401' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      valueOf(text, duration, { route: 'unmatched', status: '404', method: 'GET' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, duration, { route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-endpoint-4821');
  });

  it('names every metric of the requirement with the vitrine_ prefix', async () => {
    const text = await scrape(t.app);
    for (const name of [
      'vitrine_http_request_duration_seconds',
      'vitrine_generations_total',
      'vitrine_render_seconds',
      'vitrine_cutout_seconds',
      'vitrine_queue_depth',
      'vitrine_queue_oldest_wait_seconds',
      'vitrine_queue_wait_seconds',
      'vitrine_credits_given_back_total',
      'vitrine_workers_alive',
      'vitrine_process_cpu_seconds_total',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
      expect(line).toMatch(/^vitrine_/);
  });

  it('counts a generation rendered by the real worker as completed, with its render, queue wait and cut-out timed', async () => {
    const u = await kit().userWithUploads('metrics-render@example.test');
    const before = await scrape(t.app);
    // The cut-out the Fusion page shows first is worked out by the engine.
    const cutout = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${u.productUploadId}/cutout`,
      headers: { cookie: u.cookie },
    });
    expect(cutout.statusCode).toBe(200);
    const { generation: g } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    expect((await waitForEnd(t.app, u.cookie, g.id)).generation.status).toBe('completed');
    const after = await scrape(t.app);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('vitrine_generations_total', { mode: 'fusion', outcome: 'completed' })).toBe(1);
    expect(delta('vitrine_generations_total', { outcome: 'failed' })).toBe(0);
    expect(delta('vitrine_render_seconds_count', { mode: 'fusion', provider: 'local' })).toBe(1);
    expect(delta('vitrine_render_seconds_sum', { mode: 'fusion' })).toBeGreaterThan(0);
    expect(delta('vitrine_queue_wait_seconds_count', { queue: RENDER_JOB })).toBe(1);
    expect(delta('vitrine_cutout_seconds_count', { kind: 'automatic' })).toBe(1);
    expect(delta('vitrine_credits_given_back_total', {})).toBe(0);
    // Read from the database: the render queue is known and empty again, and the worker is alive.
    expect(valueOf(after, 'vitrine_queue_depth', { queue: RENDER_JOB, state: 'waiting' })).toBe(0);
    expect(after).toMatch(new RegExp(`vitrine_queue_depth\\{[^}]*queue="${RENDER_JOB}"`));
    expect(valueOf(after, 'vitrine_workers_alive')).toBeGreaterThanOrEqual(1);
    // pg-boss's own queues (its scheduled sends) are not ours to watch.
    expect(after).not.toContain('__pgboss__');
  });

  it('reports a job waiting in the queue by its depth and the age of the oldest one', async () => {
    // A queue no worker takes from, with one job ready for 30 seconds.
    const boss = createQueue(t.database, 'producer');
    await boss.start();
    try {
      await boss.createQueue(IDLE_QUEUE);
      const id = await boss.send(IDLE_QUEUE, {});
      await t.database.query(
        `update pgboss.job set start_after = now() - interval '30 seconds',
           created_on = now() - interval '30 seconds' where id = $1`,
        [id],
      );
      const text = await scrape(t.app);
      expect(valueOf(text, 'vitrine_queue_depth', { queue: IDLE_QUEUE, state: 'waiting' })).toBe(1);
      expect(valueOf(text, 'vitrine_queue_depth', { queue: IDLE_QUEUE, state: 'active' })).toBe(0);
      expect(
        valueOf(text, 'vitrine_queue_oldest_wait_seconds', { queue: IDLE_QUEUE }),
      ).toBeGreaterThanOrEqual(29);
      await boss.deleteJob(IDLE_QUEUE, id!);
      await boss.deleteQueue(IDLE_QUEUE);
      // A queue that is gone is no longer reported.
      expect(await scrape(t.app)).not.toContain(IDLE_QUEUE);
    } finally {
      await boss.stop({ graceful: false, close: false, wait: true });
    }
  });

  it('counts a cancelled generation and the free credit it gives back (spec section 4, cancel-all)', async () => {
    const u = await signedInUser(t.app, 'metrics-cancel@example.test');
    await generation(t.database, u.userId, 'processing', { mode: 'express' });
    const before = await scrape(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(res.json()).toMatchObject({ cancelled: 1 });
    const after = await scrape(t.app);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('vitrine_generations_total', { mode: 'express', outcome: 'cancelled' })).toBe(1);
    expect(delta('vitrine_credits_given_back_total', { outcome: 'cancelled' })).toBe(1);
  });

  it('counts a render that fails as failed, and one the sweeper finds stopped as interrupted, each giving its credit back', async () => {
    const storage = createLocalStorage(storageDir(t.config.dataDir));
    const context = {
      database: t.database,
      storage,
      renderer: createLocalRenderer(),
      logger: pino({ level: 'silent' }),
    };
    const failing = await signedInUser(t.app, 'metrics-fail@example.test');
    const stopped = await signedInUser(t.app, 'metrics-swept@example.test');
    // A request the render cannot read fails it, as a broken record would.
    const broken = await generation(t.database, failing.userId, 'processing', { mode: 'fusion' });
    const stale = await generation(t.database, stopped.userId, 'processing', { mode: 'express' });
    const before = await scrape(t.app);
    expect(await renderGenerationHandler(context, { generationId: broken.id })).toMatchObject({
      failed: broken.id,
    });
    // Done twice, as a retried job would: counted once.
    expect(await renderGenerationHandler(context, { generationId: broken.id })).toMatchObject({
      skipped: 'already failed',
    });
    // Its render stopped reporting an hour ago (the worker's own sweeper may be the one that finds it).
    await t.database.query(
      `update background_generations set updated_at = now() - interval '1 hour' where id = $1`,
      [stale.id],
    );
    await sweepGenerations(context, 600);
    const after = await scrape(t.app);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('vitrine_generations_total', { mode: 'fusion', outcome: 'failed' })).toBe(1);
    expect(delta('vitrine_generations_total', { mode: 'express', outcome: 'interrupted' })).toBe(1);
    expect(delta('vitrine_credits_given_back_total', { outcome: 'failed' })).toBe(1);
    expect(delta('vitrine_credits_given_back_total', { outcome: 'interrupted' })).toBe(1);
  });
});
