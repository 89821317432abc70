import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@vitrine/shared/api/health';
import { PAGE_PATHS } from '@vitrine/shared/routes';
import { createTestApp, type TestApp, useTestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

const t = useTestApp({}, (app) => {
  // A JSON endpoint to exercise body parsing; the real ones arrive with their features.
  app.post('/api/test/echo', async (request) => ({ received: request.body }));
  app.get('/api/test/big', async () => ({
    items: Array.from({ length: 500 }, (_, i) => `item number ${i}`),
  }));
  app.get('/api/test/crash', async () => {
    throw new Error('database password=hunter2 leaked?');
  });
});

describe('GET /api/health', () => {
  it('answers ok with the version and the database kind after a real round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponse.parse(res.json());
    expect(body).toEqual({ status: 'ok', version: 'test', database: dbKind() });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('error envelope', () => {
  it('unknown /api paths give 404 in the envelope, in French by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable.' } });
  });

  it('answers in English when the client asks for it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.json().error.message).toBe('Resource not found.');
  });

  it('malformed JSON is a 400 INVALID_JSON, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Vitrine",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('an empty JSON body is a 400 INVALID_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('a wrong content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-yaml', 'accept-language': 'en' },
      payload: 'name: x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type. Send JSON (application/json).',
    });
  });

  it('a JSON body over 1 MB is a 413 that says the limit', async () => {
    const payload = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large (maximum 1 MB).',
    });
  });

  it('a body just under the limit is accepted', async () => {
    const payload = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 - 100) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
  });

  it('an unexpected failure is a 500 whose message reveals nothing of the cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('hunter2');
  });
});

describe('security headers and compression', () => {
  it('sends a Content-Security-Policy that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses large responses for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(res.rawPayload).toString()) as { items: string[] };
    expect(body.items).toHaveLength(500);
  });
});

describe('graceful close', () => {
  it('lets a request in flight finish while refusing new connections', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const closing = await createTestApp({}, (app) => {
      app.get('/api/test/slow', async () => {
        await held;
        return { done: true };
      });
    });
    try {
      const address = await closing.app.listen({ port: 0, host: '127.0.0.1' });
      const inFlight = fetch(`${address}/api/test/slow`);
      await new Promise((r) => setTimeout(r, 100));
      const closed = closing.app.close();
      await expect(fetch(`${address}/api/health`)).rejects.toThrow();
      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      await closed;
    } finally {
      release();
      await closing.close();
    }
  });
});

describe('https deployments', () => {
  it('add HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://vitrine.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('single-page app', () => {
  let spa: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    spa = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await spa.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for any path no file owns, so the client router can answer', async () => {
    for (const url of ['/', '/dashboard/history', '/some/unknown/page?x=1']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('the app’s pages answer 200, every page path listed for the router', async () => {
    const pages = [...Object.values(PAGE_PATHS), '/dashboard/history/', '/auth?mode=signup'];
    for (const url of pages) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await spa.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
      }
    }
  });

  it('an unknown page path answers 404 with the app, which shows its 404 screen', async () => {
    for (const url of ['/nope', '/dashboard/nope', '/dashboard/history/42', '/about-en-nope?x=1']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await spa.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await spa.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an unknown /api path with the page', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('does not serve files outside the build', async () => {
    for (const url of [
      '/assets/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('an address no file owns gets the 404 page, not a bare error: a folder, a NUL byte, an escaped slash', async () => {
    for (const url of ['/assets', '/assets/', '/assets/app-abc123.js%00', '/assets%2fapp-abc123.js']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});
