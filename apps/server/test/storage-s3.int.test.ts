/**
 * STORAGE=s3 (docs/decisions/066), against a local S3-compatible server: everything that stores a file
 * goes to the bucket and nothing to DATA_DIR/storage; signed links serve from it; retention removes its
 * objects; a bucket that goes away answers translated 503s and puts "File upload" in outage; one that
 * cannot be reached at start stops the server with a line naming S3.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '@vitrine/shared/api/status';
import { applyHistoryRetention } from '../src/jobs/handlers/history-retention';
import { createStorage } from '../src/modules/storage/create-storage';
import { storageDir } from '../src/modules/storage/storage';
import { beat } from '../src/modules/status/repository';
import { STATUS_TTL_MS } from '../src/modules/status/routes';
import { multipartFile, startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { startS3Server, type TestS3 } from './helpers/s3-server';
import { spawnServer } from './helpers/server-process';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

let s3: TestS3;
const t = {} as TestApp;
beforeAll(async () => {
  s3 = await startS3Server('vitrine-int');
  Object.assign(t, await createTestApp({ ...s3.env, WEB_DIST_DIR: webDist }));
  // The status page's images service wants a live worker; the rendering kit's says so too.
  await beat(t.database, 'test-worker');
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
const kit = useRenderingKit(t);

/** What DATA_DIR/storage holds, every file at any depth. */
const localFiles = () => {
  const root = storageDir(t.config.dataDir);
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : [];
};
const bucketOf = async (userId: string) =>
  (await s3.listKeys()).filter((key) => key.startsWith(`${userId}/`));

/** The status page's states, checked anew (its answer is kept STATUS_TTL_MS: time is moved past it). */
let clock = Date.now();
const status = async () => {
  clock += STATUS_TTL_MS + 1;
  const now = vi.spyOn(Date, 'now').mockReturnValue(clock);
  try {
    return await states();
  } finally {
    now.mockRestore();
  }
};
const states = async () =>
  Object.fromEntries(
    ((await t.app.inject({ method: 'GET', url: '/api/status' })).json() as StatusResponse).services.map(
      (service) => [service.id, service.status],
    ),
  );

describe('STORAGE=s3', () => {
  it('uploads, cut-outs and every file a generation writes go to the bucket, signed links serve them, nothing is kept locally', async () => {
    const u = await kit().userWithUploads('s3-render@example.test');
    const photos = await bucketOf(u.userId);
    expect(photos).toHaveLength(2);

    // The product's checked cut-out: its mask and preview are stored in the bucket and served from it.
    const cutout = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${u.productUploadId}/cutout`,
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ choice: 'cutout' }),
    });
    expect(cutout.statusCode, cutout.body).toBe(200);
    const mask = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${u.productUploadId}/cutout/mask.png`,
      headers: { cookie: u.cookie },
    });
    expect([mask.statusCode, mask.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await bucketOf(u.userId)).length).toBeGreaterThan(photos.length);

    const res = await startFusion(t.app, u.cookie, u.uploads);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');

    // A signed link alone (no session) serves the image, byte for byte the bucket's object.
    const image = await t.app.inject({ method: 'GET', url: done.result!.images[0]!.url });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const keys = await bucketOf(u.userId);
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const objects = await Promise.all(
      keys.map(async (key) => {
        const answer = await s3.client.send(new GetObjectCommand({ Bucket: 'vitrine-int', Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      }),
    );
    expect(objects.some((bytes) => bytes.equals(image.rawPayload))).toBe(true);
    // The four variants beside the photos and cut-out files, and no upload left half-way.
    expect(keys.filter((key) => /-\d+\.jpg$/.test(key) && !key.endsWith('.plate.jpg'))).toHaveLength(4);
    expect(keys.filter((key) => key.endsWith('.incoming') || key.endsWith('.partial'))).toEqual([]);
    expect(localFiles()).toEqual([]);

    // An upload's preview is made from the bucket's copy and stored beside it.
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${u.productUploadId}/thumb.webp`,
      headers: { cookie: u.cookie },
    });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await bucketOf(u.userId)).filter((key) => key.endsWith('.thumb.webp'))).toHaveLength(1);

    // Retention (a year on, and past every upload's expiry) removes every object of the user.
    await applyHistoryRetention(
      { database: t.database, storage: createStorage(t.config) },
      new Date(Date.now() + 3 * 365 * 86_400_000).toISOString(),
    );
    expect(await bucketOf(u.userId)).toEqual([]);
  });

  it('an image that fails its checks leaves nothing in the bucket', async () => {
    const u = await kit().userWithUploads('s3-refused@example.test');
    const before = await bucketOf(u.userId);
    const { payload, headers } = multipartFile('page.jpg', Buffer.from('<!doctype html>'.repeat(40)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, cookie: u.cookie, 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await bucketOf(u.userId)).toEqual(before);
  });

  it('a user deleting an upload removes its objects from the bucket', async () => {
    const u = await kit().userWithUploads('s3-delete@example.test');
    const before = await bucketOf(u.userId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${u.contextUploadId}`,
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(204);
    const after = await bucketOf(u.userId);
    expect(after.length).toBeLessThan(before.length);
    expect(after.length).toBeGreaterThan(0);
  });

  // Last: the bucket does not come back.
  it('a bucket that goes away: uploads answer a translated 503, "File upload" is in outage, nothing is written', async () => {
    const u = await kit().userWithUploads('s3-outage@example.test');
    expect((await status()).uploads).toBe('operational');
    await s3.stop();
    const photo = (await import('./helpers/sample-images')).productJpeg;
    const { payload, headers } = multipartFile('bouteille.jpg', await photo());
    const send = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...headers, cookie: u.cookie, 'accept-language': lang },
        payload,
      });
    const [fr, en] = [await send('fr'), await send('en')];
    expect([fr.statusCode, en.statusCode]).toEqual([503, 503]);
    expect(fr.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Le stockage des images est momentanément injoignable. Réessayez dans quelques minutes.',
      },
    });
    expect(en.json().error.message).toBe(
      'The image storage cannot be reached right now. Please try again in a few minutes.',
    );
    // The upload was not recorded either: the user's list is what it was.
    const rows = await t.database.query('select id from uploads where user_id = $1', [u.userId]);
    expect(rows).toHaveLength(2);
    // A stored photo cannot be served either: the same 503, not a broken image or a 404.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${u.productUploadId}/file`,
      headers: { cookie: u.cookie, 'accept-language': 'en' },
    });
    expect([file.statusCode, file.json().error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect((await status()).uploads).toBe('outage');
    expect(localFiles()).toEqual([]);
  });
});

describe.runIf(dbKind() === 'pglite')('STORAGE=s3 at start-up', () => {
  it('a bucket that cannot be reached stops the server with one line naming S3', async () => {
    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
    try {
      const proc = spawnServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...s3.env,
        S3_ENDPOINT: `http://127.0.0.1:${closed}`,
      });
      expect(await proc.exited).toBe(1);
      expect(proc.output()).toMatch(
        new RegExp(
          `vitrine: S3 storage \\(STORAGE=s3\\): the bucket "vitrine-int" at http://127\\.0\\.0\\.1:${closed} cannot be reached: .*ECONNREFUSED`,
        ),
      );
      expect(proc.output()).not.toContain('Vitrine is ready');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
