/**
 * The brand kit applied to generations, through the HTTP API and the worker: a generation copies the
 * kit into its request when it starts (a later change leaves it be), the renderer is given it with the
 * logo's bytes, the form's switch turned off sends none, the logo is kept while a generation uses it,
 * and the editor opens an image with the logo as its layer where the engine placed it.
 *
 * The renderer is the local engine, which draws no brand yet; the wrapper records what it was given
 * and reports the logo's place in each image's metadata as the engine does once it applies the kit.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { LOGO_WIDTH_FACTOR, type EditorDocumentResponse } from '@vitrine/shared/api/editor';
import type { JobContext } from '../src/jobs/job';
import type { Worker } from '../src/jobs/worker';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import { createLocalRenderer, type Renderer } from '../src/modules/generations/render';
import {
  contextJpeg,
  generationKit,
  productJpeg,
  startExpress,
  startFusion,
  started,
  waitForEnd,
} from './helpers/generations';
import { multipartFile } from './helpers/multipart';
import { startTestWorker, useTestApp } from './helpers/test-app';

const t = useTestApp();

type BrandGiven = Parameters<Renderer['fusion']>[0]['brand'];
const given: BrandGiven[] = [];

const local = createLocalRenderer();
const renderer: Renderer = {
  async fusion(input, onVariant) {
    given.push(input.brand);
    return local.fusion(input, onVariant);
  },
  async express(input, onVariant) {
    given.push(input.brand);
    return local.express(input, onVariant);
  },
};

let kit: ReturnType<typeof generationKit>;
let worker: Worker | undefined;
let logoPng: Buffer;
beforeAll(async () => {
  kit = generationKit(t, { product: await productJpeg(), context: await contextJpeg() });
  worker = await startTestWorker(t, renderer);
  logoPng = await sharp({
    create: { width: 160, height: 80, channels: 4, background: { r: 30, g: 80, b: 120, alpha: 0.8 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await worker?.stop(2000);
});

const KIT = {
  colours: [
    { hex: '#1f4e79', name: 'Bleu nuit' },
    { hex: '#e07a5f', name: 'Terracotta' },
  ],
  typography: 'tech',
  signature: '@maboutique',
};

async function withKit(email: string, logo = true) {
  const user = await kit.userWithUploads(email);
  const logoUploadId = logo
    ? await (async () => {
        const { payload, headers } = multipartFile('logo.png', logoPng, 'image/png');
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/uploads?role=logo',
          payload,
          headers: { ...headers, cookie: user.cookie },
        });
        return (res.json() as { id: string }).id;
      })()
    : null;
  await putKit(user.cookie, { ...KIT, logoUploadId });
  return { ...user, logoUploadId };
}

type Rect = { x: number; y: number; width: number; height: number };

/** Where the engine drew the logo on the generation's first image (1080 px square), as it recorded it. */
async function logoDrawn(generationId: string): Promise<Rect> {
  const [row] = await t.database.query<{ images: { brand: { logo: Rect } }[] }>(
    `select webhook_data->'images' as images from user_image_generations where background_generation_id = $1`,
    [generationId],
  );
  return row!.images[0]!.brand.logo;
}

/** The editor's logo layer lies over the rectangle the engine drew the logo in: same centre, same width. */
function expectLogoWhereDrawn(
  layer: EditorDocumentResponse['document']['logo'],
  drawn: Rect,
  uploadId: string | null,
) {
  const side = 1080;
  expect(layer?.uploadId).toBe(uploadId);
  expect(layer!.x).toBeCloseTo(((drawn.x + drawn.width / 2) / side) * 100, 1);
  expect(layer!.y).toBeCloseTo(((drawn.y + drawn.height / 2) / side) * 100, 1);
  expect((layer!.size / 100) * LOGO_WIDTH_FACTOR * side).toBeCloseTo(drawn.width, -1);
}

async function putKit(cookie: string, body: object) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/brand', headers: { cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

async function storedRequest(generationId: string) {
  const [row] = await t.database.query<{ request: { brand?: unknown } }>(
    `select request from background_generations where id = $1`,
    [generationId],
  );
  return row!.request;
}

async function lastSettings(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie } });
  return (res.json() as HistoryResponse).items[0]!.settings;
}

async function generated(res: { statusCode: number; body: string }, cookie: string) {
  expect(res.statusCode, res.body).toBe(202);
  const done = await waitForEnd(t.app, cookie, started(res.body).generation.id);
  expect(done.generation.status).toBe('completed');
  return done;
}

const retentionOn = (daysFromNow: number) =>
  historyRetention.handle({ database: t.database, storage: t.app.deps.storage } as unknown as JobContext, {
    now: new Date(Date.now() + daysFromNow * 86_400_000).toISOString(),
  });

describe('the brand kit in generations', () => {
  let shop: Awaited<ReturnType<typeof withKit>>;
  let generationId: string;

  it('a Fusion copies the kit into its request as it starts; the renderer gets it with the logo’s bytes', async () => {
    shop = await withKit('brand-fusion@example.test');
    given.length = 0;
    const res = await startFusion(t.app, shop.cookie, { ...shop.uploads, format: 'carré', variants: 1 });
    const done = await generated(res, shop.cookie);
    generationId = done.generation.id;
    const [key] = await t.database.query<{ storage_key: string }>(
      `select storage_key from uploads where id = $1`,
      [shop.logoUploadId],
    );
    expect((await storedRequest(generationId)).brand).toEqual({
      colours: ['#1f4e79', '#e07a5f'],
      typography: 'tech',
      signature: '@maboutique',
      logo: { uploadId: shop.logoUploadId, key: key!.storage_key },
    });
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({
      colours: ['#1f4e79', '#e07a5f'],
      typography: 'tech',
      signature: '@maboutique',
    });
    expect(Buffer.compare(given[0]!.logo!, logoPng)).toBe(0);
    // Recorded with each image, with the logo's upload for the editor.
    const [result] = await t.database.query<{ images: { brand?: unknown }[] }>(
      `select webhook_data->'images' as images from user_image_generations where background_generation_id = $1`,
      [generationId],
    );
    expect(result!.images[0]!.brand).toMatchObject({
      colours: ['#1f4e79', '#e07a5f'],
      logo: expect.objectContaining({ width: expect.any(Number) }),
      logoUploadId: shop.logoUploadId,
    });
    expect(await lastSettings(shop.cookie)).toMatchObject({ mode: 'fusion', brand: true });
  }, 120_000);

  it('a later change of the kit leaves the started generation’s copy as it was', async () => {
    const before = await storedRequest(generationId);
    await putKit(shop.cookie, { colours: [{ hex: '#000000', name: 'Noir' }] });
    expect(await storedRequest(generationId)).toEqual(before);
  });

  it('the editor opens the Fusion image over its plate, with its texts and the logo where the engine placed it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${generationId}/edit?image=0`,
      headers: { cookie: shop.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { document, plate } = res.json() as EditorDocumentResponse;
    expect(plate).not.toBeNull();
    expect(document.background).toBe('plate');
    // The kit's signature line opens as a text of its own, beside the slogan and tagline.
    expect(document.texts.map((text) => text.source?.role)).toEqual(['slogan', 'tagline', 'signature']);
    expectLogoWhereDrawn(document.logo, await logoDrawn(generationId), shop.logoUploadId);
  });

  it('the kit’s logo is kept while a generation uses it, even once the kit has dropped it', async () => {
    // Forty days on: past the logos' day of grace and the unused uploads' thirty days.
    await retentionOn(40);
    const rows = await t.database.query(`select id from uploads where id = $1`, [shop.logoUploadId]);
    expect(rows).toHaveLength(1);
  });

  it('switched off in the form, a generation carries no kit and the renderer gets none; "generate again" gives the switch back off', async () => {
    const user = await withKit('brand-off@example.test');
    given.length = 0;
    const res = await startFusion(t.app, user.cookie, {
      ...user.uploads,
      format: 'carré',
      variants: 1,
      brand: false,
    });
    const done = await generated(res, user.cookie);
    expect((await storedRequest(done.generation.id)).brand).toBeUndefined();
    expect(given).toEqual([null]);
    expect(await lastSettings(user.cookie)).toMatchObject({ mode: 'fusion', brand: false });
  }, 120_000);

  it('Express applies the kit too, and the editor opens its image over the plate with the logo as its layer where the engine placed it', async () => {
    const user = await withKit('brand-express@example.test');
    given.length = 0;
    const res = await startExpress(t.app, user.cookie, { style: 'moderne', format: 'square', variants: 1 });
    const done = await generated(res, user.cookie);
    expect((await storedRequest(done.generation.id)).brand).toMatchObject({
      colours: ['#1f4e79', '#e07a5f'],
      logo: { uploadId: user.logoUploadId },
    });
    expect(given[0]).toMatchObject({ colours: ['#1f4e79', '#e07a5f'], signature: '@maboutique' });

    const edit = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/generations/${done.generation.id}/edit?image=0`,
        headers: { cookie: user.cookie },
      });
    const opened = (await edit()).json() as EditorDocumentResponse;
    expect(opened.plate).not.toBeNull();
    expect(opened.document.background).toBe('plate');
    expectLogoWhereDrawn(opened.document.logo, await logoDrawn(done.generation.id), user.logoUploadId);

    // Its upload deleted since, the image opens without it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${user.logoUploadId}`,
      headers: { cookie: user.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const reopened = (await edit()).json() as EditorDocumentResponse;
    expect(reopened.document.logo).toBeNull();
  }, 120_000);

  it('a user without a kit generates with none', async () => {
    const plain = await kit.userWithUploads('brand-none@example.test');
    given.length = 0;
    const res = await startExpress(t.app, plain.cookie, { style: 'moderne', format: 'square', variants: 1 });
    const done = await generated(res, plain.cookie);
    expect((await storedRequest(done.generation.id)).brand).toBeUndefined();
    expect(given).toEqual([null]);
    expect(await lastSettings(plain.cookie)).toMatchObject({ mode: 'express', brand: true });
  }, 120_000);

  it('a switch that is not true or false is refused with a translated 400, and nothing starts', async () => {
    const user = await kit.userWithUploads('brand-bad-switch@example.test');
    const res = await startFusion(t.app, user.cookie, { ...user.uploads, brand: 'oui' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.brand).toBe('This value is not valid.');
    expect(await kit.rows(user.userId)).toEqual([]);
  });
});
