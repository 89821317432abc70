import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser, type SignedInUser } from './helpers/factories';
import { startHttpsServer, type TestHttpsServer } from './helpers/https-server';
import { multipartFiles } from './helpers/multipart';
import { pngClaiming, truncatedJpeg } from '@vitrine/engine/test-utils/hostile-files';

/** A real PNG of the given size, built without an image library (solid colour, one IDAT). */
function png(width = 4, height = 4): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // Noise, so the file does not compress to almost nothing.
  const raw = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), crypto.randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = png(32, 32);

let t: TestApp;
let https: TestHttpsServer;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  https = await startHttpsServer(['images.test'], (req, res) => {
    if (req.url === '/photo.png') return res.writeHead(200).end(PNG);
    res.writeHead(404).end();
  });
  t = await createTestApp({}, undefined, {
    ca: https.ca,
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    isAllowedAddress: (ip) => ip === '127.0.0.1',
    ports: [https.port],
  });
  alice = await signedInUser(t.app, 'alice-up@example.test');
  bob = await signedInUser(t.app, 'bob-up@example.test');
});
afterAll(async () => {
  await t.close();
  await https.close();
});

const upload = (
  cookie: string | undefined,
  files: { name: string; body: Buffer; type?: string }[],
  lang = 'en',
) => {
  const { payload, headers } = multipartFiles(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, 'accept-language': lang, ...(cookie ? { cookie } : {}) },
  });
};

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function uploadCount() {
  const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from uploads`);
  return row!.n;
}

describe('uploads', () => {
  it('a visitor cannot upload: “Veuillez vous connecter pour uploader des images”', async () => {
    const res = await upload(undefined, [{ name: 'a.png', body: PNG }], 'fr');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Veuillez vous connecter pour uploader des images');
  });

  it('stores the file at {user id}/{timestamp}-{random}.{ext} and gives it back to its owner only', async () => {
    const res = await upload(alice.cookie, [{ name: 'Crème brûlée.png', body: PNG }]);
    expect(res.statusCode).toBe(201);
    const { id, contentType, sizeBytes } = res.json();
    expect(contentType).toBe('image/png');
    expect(sizeBytes).toBe(PNG.length);
    const [row] = await t.database.query<{ storage_key: string }>(
      `select storage_key from uploads where id = $1`,
      [id],
    );
    expect(row!.storage_key).toMatch(new RegExp(`^${alice.userId}/\\d{13}-[0-9a-f]{16}\\.png$`));

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/file`,
      headers: { cookie: alice.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/file`,
      headers: { cookie: bob.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: { cookie: bob.cookie },
    });
    expect(del.statusCode).toBe(404);
    expect(await uploadCount()).toBe(1);

    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(own.statusCode).toBe(204);
    expect(await uploadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('judges the type by the bytes, not the name or declared type', async () => {
    const res = await upload(alice.cookie, [{ name: 'photo.jpg', body: PNG, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe('image/png');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${res.json().id}`,
      headers: { cookie: alice.cookie },
    });
  });

  it.each([
    ['zero bytes', Buffer.alloc(0), 'File too small (minimum 100 bytes)'],
    ['99 bytes of PNG header', PNG.subarray(0, 99), 'File too small (minimum 100 bytes)'],
    [
      'an SVG with a script',
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>${' '.repeat(200)}</svg>`,
      ),
      'File must be a valid image (JPEG, PNG, WebP, or GIF)',
    ],
    [
      'an HTML page named .png',
      Buffer.from(`<!doctype html><script>alert(1)</script>${'x'.repeat(200)}`),
      'File must be a valid image (JPEG, PNG, WebP, or GIF)',
    ],
  ])('refuses %s with the spec’s message and keeps nothing', async (_label, body, message) => {
    const res = await upload(alice.cookie, [{ name: 'image.png', body }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await uploadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses what does not decode within the engine’s limits: truncated JPEG, decompression bomb, polyglot', async () => {
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from(`<script>alert(1)</script>${'x'.repeat(300)}`),
    ]);
    const cases: [string, Buffer, string][] = [
      ['cut.jpg', await truncatedJpeg(), 'The image is unreadable or damaged.'],
      ['bomb.png', pngClaiming(20_000, 20_000), 'Image too large (64 megapixels at most).'],
      ['both.gif', polyglot, 'The image is unreadable or damaged.'],
    ];
    for (const [name, body, message] of cases) {
      const res = await upload(alice.cookie, [{ name, body }]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe(message);
    }
    expect(await uploadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('accepts a full-resolution 50-megapixel phone photo (8160 x 6144)', async () => {
    const phone = await sharp({ create: { width: 8160, height: 6144, channels: 3, background: '#b4966e' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const res = await upload(alice.cookie, [{ name: 'phone.jpg', body: phone }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().contentType).toBe('image/jpeg');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${res.json().id}`,
      headers: { cookie: alice.cookie },
    });
  });

  it('refuses a file over 50 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(51 * 1024 * 1024)]);
    const res = await upload(alice.cookie, [{ name: 'big.png', body: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File size must be less than 50MB');
    expect(await uploadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it.each(['../../etc/passwd.png', 'a/b.png', 'evil.php', 'x<script>.png', `${'n'.repeat(300)}.png`])(
    'refuses the hostile file name %s',
    async (name) => {
      const res = await upload(alice.cookie, [{ name, body: PNG }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(
        /^(Invalid or potentially dangerous filename|Filename too long \(max 255 characters\))$/,
      );
      expect(storedFiles()).toEqual([]);
    },
  );

  it('takes one file at a time', async () => {
    const res = await upload(alice.cookie, [
      { name: 'one.png', body: PNG },
      { name: 'two.png', body: PNG },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('One file at a time.');
    expect(await uploadCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('an unknown or malformed id is not found', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '..%2F..%2Fetc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${id}/file`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('import by URL', () => {
  it('fetches the image on the server and stores it like an upload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/from-url',
      headers: { cookie: alice.cookie },
      payload: { url: `https://images.test:${https.port}/photo.png` },
    });
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${res.json().id}/file`,
      headers: { cookie: alice.cookie },
    });
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['http://images.example.com/a.png', 'URL must use HTTPS protocol for security'],
    ...[
      'https://localhost/a.png',
      'https://127.1/a.png',
      'https://0x7f.1/a.png',
      'https://[::1]/a.png',
      'https://[::ffff:127.0.0.1]/a.png',
      'https://169.254.169.254/latest.png',
      'https://10.1.2.3/a.png',
      'https://172.16.0.9/a.png',
      'https://172.31.255.1/a.png',
      'https://192.168.1.1/a.png',
      'https://metadata.google.internal/a.png',
      'https://printer.local/a.png',
    ].map((url) => [url, 'Private network and metadata service URLs are not allowed']),
    ['', 'URL cannot be empty'],
    ['https://shop.example.com/product', 'URL must point to a valid image file or recognized image service'],
    ['https://images.test:8443/photo.png', 'Only the standard HTTPS port (443) is accepted in an image URL'],
  ])('refuses %s with the spec’s message', async (url, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/from-url',
      headers: { cookie: alice.cookie, 'accept-language': 'en' },
      payload: { url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_IMAGE_URL', message });
  });

  it('refuses an address that is not text as such, and a missing one as required', async () => {
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads/from-url',
        headers: { cookie: alice.cookie, 'accept-language': 'en' },
        payload,
      });
    for (const url of [123, ['https://images.example.com/a.png'], null]) {
      const res = await send({ url });
      expect(res.statusCode, JSON.stringify(url)).toBe(400);
      expect(res.json().error.fields).toEqual({ url: 'This field must be text.' });
    }
    expect((await send({})).json().error.fields).toEqual({ url: 'This field is required.' });
  });
});
