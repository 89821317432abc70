/**
 * Abuse of uploads through the HTTP API on a real database: a flood of uploads or imports, filling the
 * disk, and uploads kept forever though nothing uses them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecentUploadsResponse } from '@vitrine/shared/api/uploads';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import type { JobContext } from '../src/jobs/job';
import { UPLOAD_QUOTA_BYTES } from '../src/modules/rate-limit/usage-limits';
import { storageDir } from '../src/modules/storage/storage';
import { generation, signedInUser } from './helpers/factories';
import { contextJpeg, multipartFile, productJpeg } from './helpers/generations';
import { anotherCopy } from './helpers/sample-images';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
let photo: Buffer;

beforeAll(async () => {
  photo = await productJpeg();
});

function upload(cookie: string, body: Buffer, lang = 'fr', role = 'product') {
  const { payload, headers } = multipartFile('photo.jpg', body);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?role=${role}`,
    payload,
    headers: { ...headers, cookie, 'accept-language': lang },
  });
}

async function uploadRows(userId: string) {
  return t.database.query<{ id: string; storage_key: string }>(
    `select id, storage_key from uploads where user_id = $1 order by created_at`,
    [userId],
  );
}

function files(userId: string): string[] {
  const dir = path.join(storageDir(t.config.dataDir), userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe('upload abuse', () => {
  it('an upload flood from one account is refused past 60 an hour (uploads and imports together): 429, nothing stored', async () => {
    const u = await signedInUser(t.app, 'flood@example.test');
    for (let i = 0; i < 60; i++) expect((await upload(u.cookie, anotherCopy(photo, i))).statusCode).toBe(201);
    const refused = await upload(u.cookie, photo, 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many images sent in a short time\. Please try again in \d+/),
    });
    // An import counts against the same hour and is refused before anything is fetched.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/from-url?role=context',
      headers: { cookie: u.cookie, 'accept-language': 'fr' },
      payload: { url: 'https://images.example.test/photo.jpg' },
    });
    expect(imported.statusCode).toBe(429);
    expect(imported.json().error.message).toMatch(
      /^Trop d’images envoyées en peu de temps\. Veuillez réessayer dans (1 minute|([2-9]|\d{2,}) minutes)\.$/,
    );
    expect(await uploadRows(u.userId)).toHaveLength(60);
    expect(files(u.userId)).toHaveLength(60);
  });

  it('an account over its storage quota is refused with 413 and nothing is stored', async () => {
    const u = await signedInUser(t.app, 'hoarder@example.test');
    expect((await upload(u.cookie, photo)).statusCode).toBe(201);
    // As if its earlier uploads took all but a few bytes of the 500 MB.
    const [first] = await uploadRows(u.userId);
    await t.database.query(`update uploads set size_bytes = $2 where id = $1`, [
      first!.id,
      UPLOAD_QUOTA_BYTES - 1000,
    ]);
    // The same photo again adds nothing: it is the upload already kept, taken with room for 1,000 bytes.
    const same = await upload(u.cookie, photo, 'en');
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(first!.id);
    const over = await upload(u.cookie, anotherCopy(photo, 1), 'en');
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: expect.stringMatching(/^Your account keeps 500 MB of images at most, and it is full\./),
    });
    expect(await uploadRows(u.userId)).toHaveLength(1);
    expect(files(u.userId)).toHaveLength(1);
    // Full to the byte: refused before anything is read, in French too.
    await t.database.query(`update uploads set size_bytes = $2 where id = $1`, [
      first!.id,
      UPLOAD_QUOTA_BYTES,
    ]);
    const full = await upload(u.cookie, anotherCopy(photo, 2), 'fr');
    expect(full.statusCode).toBe(413);
    expect(full.json().error.message).toMatch(
      /^Votre compte conserve au plus 500\u00a0Mo d’images, et cette limite est atteinte\./,
    );
    expect(await uploadRows(u.userId)).toHaveLength(1);
    expect(files(u.userId)).toHaveLength(1);
  });

  it('the maintenance job deletes an upload unused for 30 days with its files, and keeps a used one and a recent one', async () => {
    const u = await signedInUser(t.app, 'forgetful@example.test');
    const context = await contextJpeg();
    const ids: Record<'unused' | 'used' | 'recent', string> = { unused: '', used: '', recent: '' };
    for (const label of Object.keys(ids) as (keyof typeof ids)[]) {
      const res = await upload(
        u.cookie,
        label === 'used' ? context : anotherCopy(photo, label === 'unused' ? 3 : 4),
      );
      ids[label] = (res.json() as { id: string }).id;
      // Its preview is made, so its files are more than the image.
      const thumb = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${ids[label]}/thumb.webp`,
        headers: { cookie: u.cookie },
      });
      expect(thumb.statusCode).toBe(200);
    }
    const keyOf = async (id: string) =>
      (
        await t.database.query<{ storage_key: string }>(`select storage_key from uploads where id = $1`, [id])
      )[0]?.storage_key;
    const unusedKey = (await keyOf(ids.unused))!;
    const usedKey = (await keyOf(ids.used))!;
    await t.database.query(
      `update uploads set last_used_at = now() - interval '40 days' where id = any($1::uuid[])`,
      [[ids.unused, ids.used]],
    );
    // A generation made from the used one 40 days ago, whose result is kept.
    await generation(t.database, u.userId, 'completed', {
      mode: 'fusion',
      request: { productKey: usedKey, contextKey: usedKey },
      at: new Date(Date.now() - 40 * 86_400_000),
    });
    // The unused one has expired already: no longer offered.
    const listed: RecentUploadsResponse = (
      await t.app.inject({
        method: 'GET',
        url: '/api/uploads?role=product',
        headers: { cookie: u.cookie },
      })
    ).json();
    expect(listed.items.map((i) => i.id).sort()).toEqual([ids.used, ids.recent].sort());
    const recent = listed.items.find((i) => i.id === ids.recent)!;
    expect(new Date(recent.expiresAt).getTime() - new Date(recent.lastUsedAt).getTime()).toBe(
      30 * 86_400_000,
    );

    const summary = await historyRetention.handle(
      { database: t.database, storage: t.app.deps.storage } as unknown as JobContext,
      {},
    );
    expect(summary).toMatchObject({ deletedUploads: 1 });
    expect((await uploadRows(u.userId)).map((r) => r.id).sort()).toEqual([ids.used, ids.recent].sort());
    const left = files(u.userId);
    const filesOf = (key: string) => left.filter((f) => f.startsWith(path.basename(key)));
    expect(filesOf(unusedKey)).toEqual([]);
    // The image and its preview.
    expect(filesOf(usedKey)).toHaveLength(2);
    expect(left).toHaveLength(4);
  });
});
