/**
 * "Every format" through the HTTP API, rendered by the real worker and engine on a real database: the
 * chosen variants come back composed in every format of the mode, the chosen format first, each at its
 * exact size and labelled; it counts as one generation; the images come in one zip (or one format's),
 * for their owner only; the setting is offered again by "generate again".
 */
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import {
  EXPRESS_FORMAT_SIZES,
  EXPRESS_FORMATS,
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
} from '@vitrine/shared/api/generation';
import { resultArchivePath, type GenerationResult } from '@vitrine/shared/api/generations';
import { signedInUser } from './helpers/factories';
import { startExpress, startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

async function finished(cookie: string, id: string): Promise<GenerationResult> {
  const done = await waitForEnd(t.app, cookie, id, 180_000);
  expect(done.generation.status).toBe('completed');
  return done.result!;
}

/** The names and bytes of a zip's files, read by an independent reader. */
function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'));
      const entries: { name: string; data: Buffer }[] = [];
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) =>
        archive.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'));
          void buffer(stream as Readable).then((data) => {
            entries.push({ name: entry.fileName, data });
            archive.readEntry();
          }, reject);
        }),
      );
      archive.readEntry();
    });
  });
}

describe('every format, Fusion', () => {
  it('renders each variant in every format, the chosen one first, at each size; one generation; one zip', async () => {
    const u = await kit().userWithUploads('every-format@example.test');
    const res = await startFusion(t.app, u.cookie, {
      ...u.uploads,
      format: 'story',
      variants: 2,
      everyFormat: true,
      slogan: 'Fait main',
    });
    expect(res.statusCode).toBe(202);
    const result = await finished(u.cookie, started(res.body).generation.id);

    const order = ['story' as const, ...FUSION_FORMATS.filter((format) => format !== 'story')];
    expect(result.images.map((image) => image.format)).toEqual(order.flatMap((f) => [f, f]));
    for (const image of result.images) {
      const file = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie: u.cookie } });
      const meta = await sharp(file.rawPayload).metadata();
      const size = FUSION_FORMAT_SIZES[image.format as keyof typeof FUSION_FORMAT_SIZES];
      expect([meta.width, meta.height, image.width, image.height], image.format).toEqual([
        size.width,
        size.height,
        size.width,
        size.height,
      ]);
    }
    // It counts as one generation, however many images it brings.
    expect((await kit().usage(u.cookie)).used).toBe(1);
    // "Generate again" offers the same choice.
    expect(result.settings).toMatchObject({ mode: 'fusion', format: 'story', everyFormat: true });

    const zip = await t.app.inject({
      method: 'GET',
      url: resultArchivePath(result.id),
      headers: { cookie: u.cookie },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="promotional-images.zip"');
    const entries = await entriesOf(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(
      order.flatMap((f) => {
        const word = f.normalize('NFD').replace(/\p{M}/gu, '');
        const { width, height } = FUSION_FORMAT_SIZES[f];
        return [1, 2].map((n) => `${word}-${width}x${height}-${n}.jpg`);
      }),
    );
    // Each file is the image itself, byte for byte.
    const first = await t.app.inject({ method: 'GET', url: result.images[0]!.url });
    expect(entries[0]!.data.equals(first.rawPayload)).toBe(true);

    // One format's images alone; accents as typed or decomposed name the same format.
    for (const format of ['carré', 'carre\u0301']) {
      const one = await t.app.inject({
        method: 'GET',
        url: resultArchivePath(result.id, format),
        headers: { cookie: u.cookie },
      });
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-disposition']).toBe('attachment; filename="promotional-images-carre.zip"');
      expect((await entriesOf(one.rawPayload)).map((entry) => entry.name)).toEqual([
        'carre-1080x1080-1.jpg',
        'carre-1080x1080-2.jpg',
      ]);
    }

    // Any of its images can be chosen as the result's image, and opened in the editor.
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/history/${result.id}/selected-image`,
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: { index: 9 },
    });
    expect(chosen.statusCode).toBe(200);
    expect(new URL(chosen.json().selectedImage, 'http://x').pathname).toBe(`/api/images/${result.id}/9`);
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${result.id}/edit?image=15`,
      headers: { cookie: u.cookie },
    });
    expect(edit.statusCode).toBe(200);

    // Another user, no session, an unknown format, a format the result does not have.
    const other = await signedInUser(t.app, 'every-format-other@example.test');
    const refused = [
      [resultArchivePath(result.id), other.cookie, 404],
      [resultArchivePath(result.id), '', 401],
      [resultArchivePath(result.id, 'affiche'), u.cookie, 400],
      [resultArchivePath(result.id, 'square'), u.cookie, 404],
      [`/api/images/not-a-uuid/images.zip`, u.cookie, 404],
    ] as const;
    for (const [url, cookie, status] of refused) {
      const answer = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(answer.statusCode, url).toBe(status);
      expect(answer.json().error.message).toEqual(expect.any(String));
    }
  }, 240_000);

  it('a single-format request still brings its own format only, labelled', async () => {
    const u = await kit().userWithUploads('one-format@example.test');
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, format: 'carré', variants: 1 });
    const result = await finished(u.cookie, started(res.body).generation.id);
    expect(result.images.map((image) => image.format)).toEqual(['carré']);
    expect(result.settings).toMatchObject({ everyFormat: false });
  });

  it('"every format" that is not true or false gets a translated 400 and nothing is written', async () => {
    const u = await kit().userWithUploads('every-format-bad@example.test');
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, everyFormat: 'yes' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ everyFormat: 'Choose one of the options offered.' });
    expect(await kit().rows(u.userId)).toEqual([]);
  });
});

describe('every format, Express', () => {
  it('renders the variant in every Express format, the chosen one first', async () => {
    const u = await signedInUser(t.app, 'express-every-format@example.test');
    const res = await startExpress(t.app, u.cookie, {
      style: 'naturel',
      format: 'feed',
      description: 'Épicerie bio',
      variants: 1,
      everyFormat: true,
    });
    expect(res.statusCode).toBe(202);
    const result = await finished(u.cookie, started(res.body).generation.id);
    const order = ['feed' as const, ...EXPRESS_FORMATS.filter((format) => format !== 'feed')];
    expect(result.images.map((image) => [image.format, image.width, image.height])).toEqual(
      order.map((f) => [f, EXPRESS_FORMAT_SIZES[f].width, EXPRESS_FORMAT_SIZES[f].height]),
    );
    expect(result.settings).toMatchObject({ mode: 'express', format: 'feed', everyFormat: true });
  }, 120_000);
});
