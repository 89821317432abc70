/**
 * Re-use instead of re-upload: the pickers list the user's own recent uploads of a role, last used
 * first, a page at a time, with the product's checked cut-out; never another user's, never a deleted or
 * expired one. Through HTTP against the real database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecentUpload, RecentUploadsResponse } from '@vitrine/shared/api/uploads';
import { useTestApp } from './helpers/test-app';
import { signedInUser, type SignedInUser } from './helpers/factories';
import { contextJpeg, productJpeg, startFusion } from './helpers/generations';
import { multipartFile, multipartFiles } from './helpers/multipart';
import { anotherCopy } from './helpers/sample-images';
import { storageDir } from '../src/modules/storage/storage';

const t = useTestApp();
let alice: SignedInUser;
let bob: SignedInUser;
let product: Buffer;
let context: Buffer;

beforeAll(async () => {
  alice = await signedInUser(t.app, 'alice-recent@example.test');
  bob = await signedInUser(t.app, 'bob-recent@example.test');
  [product, context] = await Promise.all([productJpeg(), contextJpeg()]);
});

async function upload(cookie: string, name: string, body: Buffer, role?: string, lang = 'en') {
  const { payload, headers } = multipartFile(name, body);
  return t.app.inject({
    method: 'POST',
    url: role === undefined ? '/api/uploads' : `/api/uploads?role=${encodeURIComponent(role)}`,
    payload,
    headers: { ...headers, cookie, 'accept-language': lang },
  });
}

let copies = 0;

/** A new upload: a copy of `body` no earlier call sent (the same bytes again are the same upload). */
async function uploaded(cookie: string, name: string, body: Buffer, role: 'product' | 'context' | 'logo') {
  const res = await upload(cookie, name, anotherCopy(body, ++copies), role);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; role: string };
}

function list(cookie: string | undefined, query: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `/api/uploads?${query}`,
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
  });
}

async function listed(cookie: string, query: string): Promise<RecentUploadsResponse> {
  const res = await list(cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecentUploadsResponse;
}

const ids = (items: RecentUpload[]) => items.map((item) => item.id);

async function uploadCount(userId: string) {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from uploads where user_id = $1`,
    [userId],
  );
  return row!.n;
}

describe('recent uploads', () => {
  it('an upload records the role it was sent for; a role outside the two is refused and nothing is stored', async () => {
    const stored = await uploaded(alice.cookie, 'bottle.jpg', product, 'product');
    expect(stored.role).toBe('product');
    const before = await uploadCount(alice.userId);
    const refused = await upload(alice.cookie, 'x.jpg', product, 'background', 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'L’image doit être envoyée comme image de produit, de contexte ou comme logo.',
    );
    expect(await uploadCount(alice.userId)).toBe(before);
  });

  it('lists only the caller’s uploads of the asked role, last used first, each with its preview and file', async () => {
    const user = await signedInUser(t.app, 'carol-recent@example.test');
    const first = await uploaded(user.cookie, 'first.jpg', product, 'product');
    const backdrop = await uploaded(user.cookie, 'wall.jpg', context, 'context');
    const second = await uploaded(user.cookie, 'second.jpg', product, 'product');
    await uploaded(bob.cookie, 'bob.jpg', product, 'product');
    // An upload sent without a role is offered in neither list.
    expect((await upload(user.cookie, 'loose.jpg', product)).statusCode).toBe(201);

    const products = await listed(user.cookie, 'role=product');
    expect(ids(products.items)).toEqual([second.id, first.id]);
    expect(products.nextCursor).toBeNull();
    expect(products.items[0]).toMatchObject({
      role: 'product',
      name: 'second.jpg',
      contentType: 'image/jpeg',
      fileUrl: `/api/uploads/${second.id}/file`,
      thumbnailUrl: `/api/uploads/${second.id}/thumb.webp`,
      cutout: null,
    });
    expect(ids((await listed(user.cookie, 'role=context')).items)).toEqual([backdrop.id]);

    const thumb = await t.app.inject({
      method: 'GET',
      url: products.items[0]!.thumbnailUrl,
      headers: { cookie: user.cookie },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    // 600 x 800 shrinks to a 320-pixel longest side.
    expect([meta.width, meta.height]).toEqual([240, 320]);
  });

  it('a logo is sent with role=logo, listed only under that role, and served with its transparency intact', async () => {
    const user = await signedInUser(t.app, 'erin-logo@example.test');
    // A red disc on a transparent square: the editor draws it over the image as it is.
    const logoPng = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="60" fill="#c0392b"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await uploaded(user.cookie, 'bottle.jpg', product, 'product');
    const older = await uploaded(user.cookie, 'old-logo.png', logoPng, 'logo');
    const logo = await uploaded(user.cookie, 'logo.png', logoPng, 'logo');
    expect(logo.role).toBe('logo');

    const logos = await listed(user.cookie, 'role=logo');
    expect(ids(logos.items)).toEqual([logo.id, older.id]);
    expect(logos.items[0]).toMatchObject({ role: 'logo', name: 'logo.png', contentType: 'image/png' });
    expect(ids((await listed(user.cookie, 'role=product')).items)).not.toContain(logo.id);

    const file = await t.app.inject({
      method: 'GET',
      url: logos.items[0]!.fileUrl,
      headers: { cookie: user.cookie },
    });
    expect(file.statusCode).toBe(200);
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    // A corner stays fully transparent; the disc's centre is opaque.
    expect(data[3]).toBe(0);
    expect(data[(100 * 200 + 100) * 4 + 3]).toBe(255);
  });

  it('never lists or serves another user’s uploads', async () => {
    const mine = await uploaded(alice.cookie, 'alice-only.jpg', product, 'product');
    const theirs = await listed(bob.cookie, 'role=product');
    expect(ids(theirs.items)).not.toContain(mine.id);
    for (const url of [`/api/uploads/${mine.id}`, `/api/uploads/${mine.id}/thumb.webp`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('is limited and paginated with a cursor: every upload once, in order', async () => {
    const user = await signedInUser(t.app, 'dan-recent@example.test');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await uploaded(user.cookie, `p${i}.jpg`, product, 'product')).id);
    const byDefault = await listed(user.cookie, 'role=product');
    expect(byDefault.items).toHaveLength(5);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: RecentUploadsResponse = await listed(
        user.cookie,
        `role=product&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  it('a deleted upload is gone from the list and answers 404 with a translated message', async () => {
    const gone = await uploaded(alice.cookie, 'to-delete.jpg', product, 'product');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${gone.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(ids((await listed(alice.cookie, 'role=product')).items)).not.toContain(gone.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${gone.id}`,
      headers: { cookie: alice.cookie, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Cette image a été supprimée ou a expiré.');
  });

  it('an upload unused for a year has expired: not listed, not found, not served, not usable to generate', async () => {
    const old = await uploaded(alice.cookie, 'old.jpg', product, 'product');
    const wall = await uploaded(alice.cookie, 'old-wall.jpg', context, 'context');
    await t.database.query(`update uploads set last_used_at = now() - interval '366 days' where id = $1`, [
      old.id,
    ]);
    expect(ids((await listed(alice.cookie, 'role=product')).items)).not.toContain(old.id);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${old.id}`,
      headers: { cookie: alice.cookie, 'accept-language': 'en' },
    });
    expect(one.statusCode).toBe(404);
    expect(one.json().error.message).toBe('This image was deleted or has expired.');
    const start = await startFusion(t.app, alice.cookie, {
      productUploadId: old.id,
      contextUploadId: wall.id,
    });
    expect(start.statusCode).toBe(404);
    // Nor served: its file, its preview and its cut-out are gone with it.
    for (const path of ['file', 'thumb.webp', 'cutout']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${old.id}/${path}`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('using uploads for a generation makes them the most recent again', async () => {
    const user = await signedInUser(t.app, 'eve-recent@example.test');
    const a = await uploaded(user.cookie, 'a.jpg', product, 'product');
    const wall = await uploaded(user.cookie, 'wall.jpg', context, 'context');
    const b = await uploaded(user.cookie, 'b.jpg', product, 'product');
    expect(ids((await listed(user.cookie, 'role=product')).items)).toEqual([b.id, a.id]);
    const start = await startFusion(t.app, user.cookie, { productUploadId: a.id, contextUploadId: wall.id });
    expect(start.statusCode, start.body).toBe(202);
    expect(ids((await listed(user.cookie, 'role=product')).items)).toEqual([a.id, b.id]);
  });

  it('a product’s checked cut-out is listed with it, and given back as it is', async () => {
    const user = await signedInUser(t.app, 'fay-recent@example.test');
    const bottle = await uploaded(user.cookie, 'bottle.jpg', product, 'product');
    const cutoutUrl = `/api/uploads/${bottle.id}/cutout`;
    const chosen = await t.app.inject({
      method: 'PUT',
      url: cutoutUrl,
      headers: { cookie: user.cookie },
      payload: { choice: 'whole' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const [item] = (await listed(user.cookie, 'role=product')).items;
    expect(item!.cutout).toEqual({ choice: 'whole', framed: true });
    // Chosen again, the stored cut-out is what the picker gets: not computed anew.
    const again = await t.app.inject({ method: 'GET', url: cutoutUrl, headers: { cookie: user.cookie } });
    expect(again.json()).toEqual(chosen.json());
  });

  it('the same photo sent again for the same role is the upload already kept: one entry, one file, its cut-out kept', async () => {
    const user = await signedInUser(t.app, 'gus-recent@example.test');
    const photo = anotherCopy(product, 1000);
    const first = await upload(user.cookie, 'IMG_0412.jpg', photo, 'product');
    expect(first.statusCode, first.body).toBe(201);
    const id = (first.json() as { id: string }).id;
    const whole = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${id}/cutout`,
      headers: { cookie: user.cookie },
      payload: { choice: 'whole' },
    });
    expect(whole.statusCode, whole.body).toBe(200);
    const other = await uploaded(user.cookie, 'other.jpg', product, 'product');
    const userFiles = () => fs.readdirSync(path.join(storageDir(t.config.dataDir), user.userId)).length;
    const filesBefore = userFiles();

    const again = await upload(user.cookie, 'bottle.jpg', photo, 'product');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const items = (await listed(user.cookie, 'role=product')).items;
    // Last used first, under the name it was sent with last, with the cut-out the user chose.
    expect(ids(items)).toEqual([id, other.id]);
    expect(items[0]).toMatchObject({ name: 'bottle.jpg', cutout: { choice: 'whole', framed: true } });
    expect(userFiles()).toBe(filesBefore);
    expect(await uploadCount(user.userId)).toBe(2);

    // Sent as a context, it is a context upload of its own; other bytes are another upload.
    const asContext = await upload(user.cookie, 'bottle.jpg', photo, 'context');
    expect(asContext.statusCode).toBe(201);
    const copy = await upload(user.cookie, 'bottle.jpg', anotherCopy(product, 1001), 'product');
    expect(copy.statusCode).toBe(201);
    expect(new Set([id, asContext.json().id, copy.json().id]).size).toBe(3);

    // A refused request (two files) leaves the upload the user already had.
    const { payload, headers } = multipartFiles([
      { name: 'bottle.jpg', body: photo, type: 'image/jpeg' },
      { name: 'other.jpg', body: anotherCopy(product, 1002), type: 'image/jpeg' },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?role=product',
      payload,
      headers: { ...headers, cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(400);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/file`,
      headers: { cookie: user.cookie },
    });
    expect(kept.statusCode).toBe(200);
  });

  it('a request refused after its first file does not delete the upload another request was given meanwhile', async () => {
    const user = await signedInUser(t.app, 'hal-recent@example.test');
    const photo = anotherCopy(product, 2000);
    // Request A: its first file arrives whole, then A stalls before the rest of its second part.
    const { payload } = multipartFiles([
      { name: 'a.jpg', body: photo, type: 'image/jpeg' },
      { name: 'b.jpg', body: anotherCopy(product, 2001), type: 'image/jpeg' },
    ]);
    const secondPart = payload.indexOf(Buffer.from('filename="b.jpg"'));
    const body = new PassThrough();
    body.write(payload.subarray(0, secondPart));
    const requestA = t.app.inject({
      method: 'POST',
      url: '/api/uploads?role=product',
      payload: body,
      headers: {
        'content-type': 'multipart/form-data; boundary=----vitrine-test-boundary',
        cookie: user.cookie,
      },
    });
    await vi.waitFor(async () => expect(await uploadCount(user.userId)).toBe(1), { timeout: 15_000 });
    // Request B sends the same file: it is given A's upload.
    const b = await upload(user.cookie, 'same.jpg', photo, 'product');
    expect(b.statusCode, b.body).toBe(200);
    const id = (b.json() as { id: string }).id;
    body.end(payload.subarray(secondPart));
    expect((await requestA).statusCode).toBe(400);
    // B's upload is still there, with its file.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/file`,
      headers: { cookie: user.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(await uploadCount(user.userId)).toBe(1);
  });

  it('bad queries are translated 400s; a visitor gets 401', async () => {
    const cases: [string, string][] = [
      ['', 'The image must be sent as a product, context or logo image.'],
      ['role=background', 'The image must be sent as a product, context or logo image.'],
      ['role=product&limit=0', 'Ask for between 1 and 48 items.'],
      ['role=product&limit=49', 'Ask for between 1 and 48 items.'],
      ['role=product&limit=abc', 'Ask for between 1 and 48 items.'],
      ['role=product&cursor=%3Cscript%3E', 'This page of the list is not valid. Reload the list.'],
      ['role=product&cursor=bm90LWEtY3Vyc29y', 'This page of the list is not valid. Reload the list.'],
    ];
    for (const [query, message] of cases) {
      const res = await list(alice.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
    }
    const extra = await list(alice.cookie, 'role=product&user=someone-else');
    expect(extra.statusCode).toBe(400);
    const visitor = await list(undefined, 'role=product', 'fr');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe('Veuillez vous connecter pour uploader des images');
  });
});
