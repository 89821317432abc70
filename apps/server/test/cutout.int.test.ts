/**
 * The product cut-out of an upload, through the HTTP API on a real database: computed on the first
 * look, corrected with a box and strokes, accepted or replaced by the whole photo, used by the
 * generations of that upload (bad input: cutout-abuse.int.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CutoutView } from '@vitrine/shared/api/cutout';
import { signedInUser, uploaded, type SignedInUser } from './helpers/factories';
import { contextJpeg, startFusion, waitForEnd } from './helpers/generations';
import { startTestWorker, useTestApp } from './helpers/test-app';
import { cutoutRequests } from './helpers/cutout';
import { anotherCopy, twoProductsJpeg } from './helpers/sample-images';
import type { Worker } from '../src/jobs/worker';

const photos = path.resolve(import.meta.dirname, '../../../packages/engine/src/samples/photos');
const devSet = path.resolve(import.meta.dirname, '../../../packages/engine/test-data/cutout-dev');

const t = useTestApp();
let worker: Worker;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  worker = await startTestWorker(t);
  alice = await signedInUser(t.app, 'alice.cutout@example.com');
  bob = await signedInUser(t.app, 'bob.cutout@example.com');
});
afterAll(async () => {
  await worker.stop();
});

const { get, put, filesOf, rowsOf } = cutoutRequests(() => t);

/** IoU of a served mask with a reference mask file, both at the reference's size. */
async function iouWith(maskPng: Buffer, referencePath: string): Promise<number> {
  const ref = await sharp(referencePath).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const mine = await sharp(maskPng)
    .extractChannel(0)
    .resize(ref.info.width, ref.info.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  let both = 0;
  let either = 0;
  for (let p = 0; p < mine.length; p++) {
    const a = mine[p]! >= 128;
    const b = ref.data[p]! >= 128;
    if (a && b) both++;
    if (a || b) either++;
  }
  return both / either;
}

describe('the automatic cut-out of a product upload', () => {
  let id: string;
  let first: CutoutView;

  beforeAll(async () => {
    id = await uploaded(t.app, alice.cookie, {
      name: 'cup.png',
      bytes: fs.readFileSync(path.join(photos, 'coffee-cup.png')),
    });
    const res = await get(alice.cookie, `/api/uploads/${id}/cutout`);
    expect(res.statusCode).toBe(200);
    first = res.json();
  });

  it('is computed on the first look and cuts the product out of a photo taken on a table (with the installed model)', () => {
    expect(first).toMatchObject({
      uploadId: id,
      choice: 'auto',
      framed: false,
      method: 'model',
      pieces: 1,
    });
    expect(first.confidence).toBeGreaterThan(0.35);
    expect(first.coverage).toBeGreaterThan(0.2);
    expect(first.coverage).toBeLessThan(0.9);
    expect(first.maskUrl).toMatch(new RegExp(`^/api/uploads/${id}/cutout/mask\\.png\\?v=\\d+$`));
    expect(first.previewUrl).toMatch(/preview\.webp\?v=\d+$/);
  });

  it('serves its mask (grey PNG the photo’s size) and its preview (WebP with alpha) to the owner only', async () => {
    const mask = await get(alice.cookie, first.maskUrl!);
    expect(mask.statusCode).toBe(200);
    expect(mask.headers['content-type']).toBe('image/png');
    const meta = await sharp(mask.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([first.width, first.height]);
    const preview = await get(alice.cookie, first.previewUrl!);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await sharp(preview.rawPayload).metadata()).hasAlpha).toBe(true);
    for (const url of [`/api/uploads/${id}/cutout`, first.maskUrl!, first.previewUrl!]) {
      expect((await get(bob.cookie, url)).statusCode, url).toBe(404);
    }
  });

  it('says how many separate pieces it holds, so a second object kept beside the product is pointed out', async () => {
    // Two products on a plain backdrop: both are cut out, as two pieces.
    const two = await twoProductsJpeg();
    const twoId = await uploaded(t.app, alice.cookie, { name: 'two.jpg', bytes: two });
    const view: CutoutView = (await get(alice.cookie, `/api/uploads/${twoId}/cutout`)).json();
    expect(view).toMatchObject({ framed: false, pieces: 2, crossesFrame: false });
    // Accepting it keeps what was found, pieces included.
    const accepted = await put(alice.cookie, twoId, { choice: 'cutout' });
    expect(accepted.json()).toMatchObject({ choice: 'cutout', pieces: 2 });
    // A box around one of them leaves that one.
    const boxed = await put(alice.cookie, twoId, {
      choice: 'cutout',
      corrections: { box: { x: 0.15, y: 0.25, width: 0.27, height: 0.6 }, strokes: [] },
    });
    expect(boxed.statusCode).toBe(200);
    expect(boxed.json()).toMatchObject({ method: 'corrected', pieces: 1 });
    // A cut-out running from one side of the photo to the other is said to cross it (here a keep
    // stroke painted across: a shelf's edge or the horizon taken with a product looks like this).
    const across = await put(alice.cookie, twoId, {
      choice: 'cutout',
      corrections: {
        strokes: [
          {
            kind: 'keep',
            radius: 0.1,
            points: [
              [0, 0.5],
              [1, 0.5],
            ],
          },
        ],
      },
    });
    expect(across.statusCode).toBe(200);
    expect(across.json()).toMatchObject({ crossesFrame: true, pieces: 1 });
  });

  it('is computed once: a second look returns the stored result', async () => {
    const again: CutoutView = (await get(alice.cookie, `/api/uploads/${id}/cutout`)).json();
    expect(again).toEqual(first);
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe('correcting the cut-out', () => {
  it('recomputes it with a box drawn around the product, stores it and serves the new mask', async () => {
    const photo = path.join(devSet, 'boat.jpg');
    const id = await uploaded(t.app, alice.cookie, { name: 'boat.jpg', bytes: fs.readFileSync(photo) });
    const auto: CutoutView = (await get(alice.cookie, `/api/uploads/${id}/cutout`)).json();
    // The boat's bounding box in the reference mask, with a hand's margin.
    const box = { x: 0.1, y: 0.17, width: 0.78, height: 0.66 };
    const res = await put(alice.cookie, id, { choice: 'cutout', corrections: { box, strokes: [] } });
    expect(res.statusCode).toBe(200);
    const corrected: CutoutView = res.json();
    expect(corrected).toMatchObject({ choice: 'cutout', framed: false, method: 'corrected' });
    expect(corrected.corrections).toEqual({ box, strokes: [] });
    expect(corrected.maskUrl).not.toBe(auto.maskUrl);
    const mask = (await get(alice.cookie, corrected.maskUrl!)).rawPayload;
    expect(await iouWith(mask, path.join(devSet, 'boat.mask.png'))).toBeGreaterThan(0.8);
    // The old mask's files are gone: one photo, one mask, one preview.
    const files = filesOf(alice.userId).filter((f) => f.startsWith(id) || true);
    expect(files.filter((f) => f.endsWith('.mask.png')).length).toBeGreaterThanOrEqual(1);
  });

  it('keep and remove strokes change the mask where they are painted', async () => {
    const id = await uploaded(t.app, alice.cookie, {
      name: 'cup.png',
      bytes: anotherCopy(fs.readFileSync(path.join(photos, 'coffee-cup.png')), 1),
    });
    const remove = {
      kind: 'remove',
      radius: 0.04,
      points: [
        [0.5, 0.45],
        [0.55, 0.5],
      ],
    };
    const res = await put(alice.cookie, id, { choice: 'cutout', corrections: { strokes: [remove] } });
    expect(res.statusCode).toBe(200);
    const view: CutoutView = res.json();
    const mask = await sharp((await get(alice.cookie, view.maskUrl!)).rawPayload)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      mask.data[
        Math.round(y * (mask.info.height - 1)) * mask.info.width + Math.round(x * (mask.info.width - 1))
      ]!;
    expect(at(0.52, 0.47)).toBe(0);
  });

  it('the whole photo can be chosen, then the cut-out accepted again, keeping the mask', async () => {
    const id = await uploaded(t.app, alice.cookie, {
      name: 'cup.png',
      bytes: anotherCopy(fs.readFileSync(path.join(photos, 'coffee-cup.png')), 2),
    });
    const auto: CutoutView = (await get(alice.cookie, `/api/uploads/${id}/cutout`)).json();
    const whole: CutoutView = (await put(alice.cookie, id, { choice: 'whole' })).json();
    expect(whole).toMatchObject({ choice: 'whole', framed: true, reason: 'whole-photo' });
    const accepted: CutoutView = (await put(alice.cookie, id, { choice: 'cutout' })).json();
    expect(accepted).toMatchObject({ choice: 'cutout', framed: false, method: auto.method });
    expect(accepted.confidence).toBe(auto.confidence);
    const back: CutoutView = (await put(alice.cookie, id, { choice: 'auto' })).json();
    expect(back.choice).toBe('auto');
  });
});

describe('a photo with no product in it', () => {
  it('is framed as "no product found", and that empty cut-out cannot be accepted (the whole photo can)', async () => {
    // The wood panelling above the milk bottle of a real desk photo, with nothing standing on it.
    const wood = await sharp(path.join(photos, 'milk-bottle-desk.jpg'))
      .extract({ left: 0, top: 0, width: 499, height: 160 })
      .jpeg()
      .toBuffer();
    const id = await uploaded(t.app, alice.cookie, { name: 'wood.jpg', bytes: wood });
    const auto: CutoutView = (await get(alice.cookie, `/api/uploads/${id}/cutout`)).json();
    expect(auto).toMatchObject({ choice: 'auto', framed: true, reason: 'no-product-found' });

    for (const [language, message] of [
      ['fr', 'Aucun produit n’a été repéré sur cette photo : il n’y a pas de détourage à utiliser.'],
      ['en', 'No product was found in this photo, so there is no cut-out to use.'],
    ] as const) {
      const refused = await put(alice.cookie, id, { choice: 'cutout' }, language);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ error: { code: 'CUTOUT_EMPTY' } });
      expect(refused.json().error.message).toContain(message);
    }
    // Nothing changed.
    expect((await get(alice.cookie, `/api/uploads/${id}/cutout`)).json()).toEqual(auto);
    // The whole photo is still there to choose.
    const whole: CutoutView = (await put(alice.cookie, id, { choice: 'whole' })).json();
    expect(whole).toMatchObject({ choice: 'whole', framed: true, reason: 'whole-photo' });
    expect((await put(alice.cookie, id, { choice: 'cutout' })).statusCode).toBe(422);
  });
});

/** How each image of a finished generation had its product cut out, as stored with the result. */
async function cutoutsOf(generationId: string) {
  const [row] = await t.database.query<{
    webhook_data: { images: { cutout: { method: string; reason?: string; confidence: number } }[] };
  }>(`select webhook_data from user_image_generations where background_generation_id = $1`, [generationId]);
  return row!.webhook_data.images.map((image) => image.cutout);
}

describe('generations use the cut-out stored with the upload', () => {
  it('a photo the user chose to use whole is framed, and a corrected one is cut out as corrected', async () => {
    const user = await signedInUser(t.app, 'carol.cutout@example.com');
    const cup = fs.readFileSync(path.join(photos, 'coffee-cup.png'));
    const product = await uploaded(t.app, user.cookie, { name: 'cup.png', bytes: cup });
    const context = await uploaded(t.app, user.cookie, { name: 'table.jpg', bytes: await contextJpeg() });
    expect((await put(user.cookie, product, { choice: 'whole' })).statusCode).toBe(200);
    const started = await startFusion(t.app, user.cookie, {
      productUploadId: product,
      contextUploadId: context,
    });
    expect(started.statusCode).toBe(202);
    const done = await waitForEnd(t.app, user.cookie, started.json().generation.id);
    expect(done.generation.status).toBe('completed');
    const cutouts = await cutoutsOf(done.generation.id);
    expect(cutouts).toHaveLength(4);
    expect(cutouts.every((c) => c.method === 'framed' && c.reason === 'whole-photo')).toBe(true);

    const box = { x: 0.05, y: 0.05, width: 0.9, height: 0.9 };
    expect(
      (await put(user.cookie, product, { choice: 'cutout', corrections: { box, strokes: [] } })).statusCode,
    ).toBe(200);
    const again = await startFusion(t.app, user.cookie, {
      productUploadId: product,
      contextUploadId: context,
    });
    const second = await waitForEnd(t.app, user.cookie, again.json().generation.id);
    expect(second.generation.status).toBe('completed');
    const methods = (await cutoutsOf(second.generation.id)).map((c) => c.method);
    expect(methods).toEqual(['corrected', 'corrected', 'corrected', 'corrected']);
  });
});
