/**
 * The status page's data (spec sections 2 and 4; docs/decisions/027): GET /api/status checks each
 * service for real, and reads the image provider's status page when one is configured.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '@vitrine/shared/api/status';
import { beat } from '../src/modules/status/repository';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';
import { generation, signedInUser } from './helpers/factories';
import { startSmtpServer } from './helpers/smtp-server';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** A provider's Statuspage `components.json`, as the test sets it. */
const page = { status: 200, body: '{}' as string };
const provider = http.createServer((_req, res) => {
  res.writeHead(page.status, { 'content-type': 'application/json' });
  res.end(page.body);
});
let providerUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/api/v2/components.json`;
});
afterAll(() => new Promise((resolve) => provider.close(resolve)));

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A render worker's heartbeat, as a running worker writes it (the test apps start none). */
const workerAlive = (app: TestApp) => beat(app.database, 'test-worker');

async function status(env: Record<string, string> = {}): Promise<StatusResponse> {
  if (!t) {
    t = await createTestApp({ WEB_DIST_DIR: webDist, ...env });
    await workerAlive(t);
  }
  const res = await t.app.inject({ method: 'GET', url: '/api/status' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}
const stateOf = (body: StatusResponse) => Object.fromEntries(body.services.map((s) => [s.id, s.status]));

const openai = (url: string) => ({
  IMAGE_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  IMAGE_PROVIDER_STATUS_URL: url,
});

describe('GET /api/status', () => {
  it('lists the five services of the spec, each checked now, and says all systems are operational', async () => {
    const before = Date.now();
    const body = await status();
    expect(stateOf(body)).toEqual({
      images: 'operational',
      auth: 'operational',
      uploads: 'operational',
      dashboard: 'operational',
      api: 'operational',
    });
    expect(body.overall).toBe('operational');
    expect(body.provider).toBeNull();
    for (const service of body.services)
      expect(new Date(service.lastChecked).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Public: no session needed, and the probe file of the upload check is gone.
    expect(fs.existsSync(path.join(t!.config.dataDir, 'storage', 'status-probe'))).toBe(true);
    expect(fs.readdirSync(path.join(t!.config.dataDir, 'storage', 'status-probe'))).toEqual([]);
  });

  it('reports the upload service down when files cannot be written, and the dashboard when no web build is served', async () => {
    t = await createTestApp({});
    await workerAlive(t);
    const storage = path.join(t.config.dataDir, 'storage');
    fs.rmSync(storage, { recursive: true, force: true });
    fs.writeFileSync(storage, 'not a directory');
    const body = await status();
    expect(stateOf(body)).toMatchObject({ uploads: 'outage', dashboard: 'outage', api: 'operational' });
    expect(body.overall).toBe('issues');
  });

  it('reports image generation degraded when a generation has waited over five minutes (the renderer is not keeping up)', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    await workerAlive(t);
    const { userId } = await signedInUser(t.app, 'stalled@example.test');
    await generation(t.database, userId, 'processing', { at: new Date(Date.now() - 10 * 60_000) });
    const body = await status();
    expect(stateOf(body).images).toBe('degraded');
    expect(body.overall).toBe('issues');
  });
});

describe('the render worker', () => {
  it('puts image generation in outage when no worker has said it is alive for 90 seconds', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    expect(stateOf(await status()).images).toBe('outage');
    await t.close();
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    await t.database.query(
      `insert into worker_heartbeats (worker, beat_at) values ('gone', now() - interval '2 minutes')`,
    );
    const body = await status();
    expect(stateOf(body).images).toBe('outage');
    expect(body.overall).toBe('issues');
  });

  it('is seen alive once a worker has started', async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    const worker = await startTestWorker(t);
    try {
      expect(stateOf(await status()).images).toBe('operational');
    } finally {
      await worker.stop(1000);
    }
  });
});

describe('the image provider’s status page (spec section 7)', () => {
  it('shows the component whose name says API: operational, then the images are operational', async () => {
    page.status = 200;
    page.body = JSON.stringify({
      components: [
        { id: 'web1', name: 'Website', status: 'major_outage', description: null, updated_at: null },
        {
          id: 'x9',
          name: 'API',
          status: 'operational',
          description: 'Image and chat endpoints',
          updated_at: '2026-11-20T10:00:00Z',
        },
      ],
    });
    const body = await status(openai(providerUrl));
    expect(body.provider).toEqual({
      id: 'x9',
      name: 'API',
      status: 'operational',
      description: 'Image and chat endpoints',
      updatedAt: '2026-11-20T10:00:00.000Z',
      checkFailed: false,
    });
    expect(stateOf(body).images).toBe('operational');
    expect(body.overall).toBe('operational');
  });

  it('marks image generation degraded and the whole page with issues when the provider reports an outage', async () => {
    page.body = JSON.stringify({
      components: [{ id: 'a1', name: 'Platform', status: 'major_outage', description: 'Elevated errors' }],
    });
    const body = await status(openai(providerUrl));
    expect(body.provider).toMatchObject({
      name: 'Platform',
      status: 'outage',
      description: 'Elevated errors',
    });
    expect(stateOf(body).images).toBe('degraded');
    expect(body.overall).toBe('issues');
  });

  it('counts an unreadable status page as operational, flagged as a failed check', async () => {
    for (const [statusCode, text] of [
      [500, 'oops'],
      [200, 'not json'],
      [200, '{"components": "none"}'],
    ] as const) {
      page.status = statusCode;
      page.body = text;
      const body = await status(openai(providerUrl));
      expect(body.provider).toMatchObject({ status: 'operational', checkFailed: true });
      expect(stateOf(body).images).toBe('operational');
      await t!.close();
      t = undefined;
    }
  });

  it('is not read while Vitrine draws the images itself', async () => {
    const body = await status({ IMAGE_PROVIDER_STATUS_URL: providerUrl });
    expect(body.provider).toBeNull();
  });
});

describe('user authentication and the mail server', () => {
  const closedPort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  it('is degraded, and the page not all operational, when SMTP_URL is set and the mail server does not answer', async () => {
    const body = await status({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    expect(stateOf(body).auth).toBe('degraded');
    expect(body.overall).toBe('issues');
  });

  it('is operational when the mail server greets, which is asked without sending anything', async () => {
    const smtp = await startSmtpServer();
    try {
      const body = await status({ SMTP_URL: smtp.url });
      expect(stateOf(body).auth).toBe('operational');
      expect(body.overall).toBe('operational');
      expect(smtp.connections()).toBe(1);
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
