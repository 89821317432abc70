/**
 * The orchestrators' probes (docs/decisions/065): GET /api/health/live answers while the process does,
 * without touching the database; GET /api/health/ready tries the database, the file storage and, in a
 * worker, the job queue, and answers 503 naming what is down. A worker alone serves them, with
 * /metrics, on its own listener.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveResponse, readyResponse } from '@vitrine/shared/api/health';
import type { Worker } from '../src/jobs/worker';
import { createLocalStorage, storageDir } from '../src/modules/storage/storage';
import { buildWorkerHttp } from '../src/worker-http';
import { createTestApp, startTestWorker, useTestApp, type TestApp } from './helpers/test-app';

const t = useTestApp();

/** The database stops answering until `restore` is called (every query fails, as on a lost connection). */
function databaseDown(app: TestApp): () => void {
  const query = app.database.query;
  app.database.query = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  return () => {
    app.database.query = query;
  };
}

const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/live', () => {
  it('answers 200 while the process runs, even with the database down (it never touches it)', async () => {
    const restore = databaseDown(t);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(liveResponse.parse(res.json())).toEqual({ status: 'live' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      restore();
    }
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database and the storage answer (an api process has no queue to check)', async () => {
    const res = await ready(t.app);
    expect(res.statusCode).toBe(200);
    expect(readyResponse.parse(res.json())).toEqual({
      status: 'ready',
      checks: { database: 'up', storage: 'up' },
      down: [],
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // The storage's probe leaves nothing behind.
    expect(fs.readdirSync(path.join(storageDir(t.config.dataDir), 'status-probe'))).toEqual([]);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const restore = databaseDown(t);
    try {
      const res = await ready(t.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'down', storage: 'up' },
        down: ['database'],
      });
    } finally {
      restore();
    }
    expect((await ready(t.app)).statusCode).toBe(200);
  });

  it('answers 503 naming the storage when files cannot be written', async () => {
    const broken = await createTestApp();
    try {
      const storage = storageDir(broken.config.dataDir);
      fs.rmSync(storage, { recursive: true, force: true });
      fs.writeFileSync(storage, 'not a directory');
      const res = await ready(broken.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: 'up', storage: 'down' }, down: ['storage'] });
    } finally {
      await broken.close();
    }
  });

  it('with ROLE=all, also asks the worker: 503 naming the queue until it has started', async () => {
    let worker: Worker | undefined;
    const all = await createTestApp({}, undefined, undefined, {
      queueReady: () => worker?.ready() ?? Promise.reject(new Error('the job queue has not started')),
    });
    try {
      const before = await ready(all.app);
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ checks: { queue: 'down' }, down: ['queue'] });
      worker = await startTestWorker(all);
      const res = await ready(all.app);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ checks: { database: 'up', storage: 'up', queue: 'up' } });
    } finally {
      await worker?.stop(1000);
      await all.close();
    }
  });
});

describe("a worker's own listener (ROLE=worker with METRICS_PORT)", () => {
  let worker: Worker | undefined;
  let listener: FastifyInstance;
  beforeAll(async () => {
    listener = await buildWorkerHttp({
      config: { ...t.config, metrics: { token: 'worker-metrics-token-0123456789', port: 0 } },
      database: t.database,
      storage: createLocalStorage(storageDir(t.config.dataDir)),
      queueReady: () => worker?.ready() ?? Promise.reject(new Error('the job queue has not started')),
    });
    worker = await startTestWorker(t);
  });
  afterAll(async () => {
    await worker?.stop(1000);
    await listener.close();
  });

  it('serves live, ready with the queue, and /metrics (token for others), and nothing else', async () => {
    expect((await listener.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
      status: 'live',
    });
    const res = await ready(listener);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', storage: 'up', queue: 'up' },
      down: [],
    });
    const metrics = await listener.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^vitrine_workers_alive [1-9]/m);
    const elsewhere = await listener.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(401);
    const withToken = await listener.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.4',
      headers: { authorization: 'Bearer worker-metrics-token-0123456789' },
    });
    expect(withToken.statusCode).toBe(200);
    expect((await listener.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(404);
    expect((await listener.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });

  it('answers 503 naming the queue once the worker is stopping', async () => {
    await worker!.stop(1000);
    const res = await ready(listener);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      checks: { database: 'up', storage: 'up', queue: 'down' },
      down: ['queue'],
    });
    worker = undefined;
  });
});
