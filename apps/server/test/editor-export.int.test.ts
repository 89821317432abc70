/**
 * A result's text as layers (docs/decisions/046), through HTTP on a real database with the real
 * engine: the editor opens a fresh result over its plate with its slogan as a layer, the export sets
 * edited words at full resolution, other users and bad documents are refused with nothing stored,
 * the plate goes with its result, and a result made before plates edits as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { emPx } from '@vitrine/engine/local/text/layers';
import { editableImage } from '../src/modules/editor/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_EXPORT_LIMIT,
  type EditorDocument,
  type EditorDocumentResponse,
} from '@vitrine/shared/api/editor';
import type { JobContext } from '../src/jobs/job';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import type { Worker } from '../src/jobs/worker';
import { createLocalRenderer, type Renderer } from '../src/modules/generations/render';
import { storageDir } from '../src/modules/storage/storage';
import { signedInUser, type SignedInUser } from './helpers/factories';
import { startExpress, started, waitForEnd } from './helpers/generations';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

let t: TestApp;
let worker: Worker;
let alice: SignedInUser;
let bob: SignedInUser;
/** The next renders drop their plates and layers, as results made before them have none. */
let beforePlates = false;
const local = createLocalRenderer();
const renderer: Renderer = {
  fusion: local.fusion,
  async express(input, onVariant) {
    const variants = await local.express(input, onVariant);
    return beforePlates ? variants.map(({ plate: _p, layers: _l, ...old }) => old) : variants;
  },
};

beforeAll(async () => {
  t = await createTestApp();
  worker = await startTestWorker(t, renderer);
  alice = await signedInUser(t.app, 'alice-layers@example.test');
  bob = await signedInUser(t.app, 'bob-layers@example.test');
}, 60_000);
afterAll(async () => {
  await worker?.stop(2000);
  await t?.close();
});

async function finished(user: SignedInUser) {
  const res = await startExpress(t.app, user.cookie, {
    style: 'moderne',
    format: 'square',
    variants: 1,
    description: 'Boulangerie du marché',
  });
  expect(res.statusCode, res.body).toBe(202);
  const done = await waitForEnd(t.app, user.cookie, started(res.body).generation.id);
  expect(done.generation.status).toBe('completed');
  return { id: done.result!.id, image: done.result!.images[0]! };
}

const url = (id: string, route: string) => `/api/generations/${id}/${route}?image=0`;
const get = (cookie: string, target: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: target, headers: { cookie, 'accept-language': lang } });
const exportOf = (cookie: string, id: string, body: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: url(id, 'export'),
    headers: { cookie, 'accept-language': lang, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const raw = (jpeg: Buffer) => sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** Mean absolute difference (0-255) of two same-sized images inside a rectangle of percent coordinates. */
async function differenceIn(a: Buffer, b: Buffer, area = { x: 0, y: 0, width: 100, height: 100 }) {
  const [one, two] = await Promise.all([raw(a), raw(b)]);
  const { width, height, channels } = one.info;
  const x0 = Math.floor((area.x / 100) * width);
  const y0 = Math.floor((area.y / 100) * height);
  const x1 = Math.ceil(((area.x + area.width) / 100) * width);
  const y1 = Math.ceil(((area.y + area.height) / 100) * height);
  let sum = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * channels + c;
        sum += Math.abs(one.data[i]! - two.data[i]!);
      }
  return sum / ((x1 - x0) * (y1 - y0) * 3);
}

const editRowsOf = (userId: string) =>
  t.database.query(`select 1 from generation_edits where user_id = $1`, [userId]);

describe('a result opens in the editor with its text as layers', () => {
  let result: Awaited<ReturnType<typeof finished>>;
  let opened: EditorDocumentResponse;
  beforeAll(async () => {
    result = await finished(alice);
    const res = await get(alice.cookie, url(result.id, 'edit'));
    expect(res.statusCode, res.body).toBe(200);
    opened = res.json();
  }, 120_000);

  it('the answer names the plate and holds the slogan as an editable layer over it', async () => {
    expect(opened.plate).toBe(`/api/generations/${result.id}/plate?image=0`);
    // The language of the image's own texts (a French description), whose typography the preview
    // follows (decision 054), whatever language the editor is read in.
    expect(opened.language).toBe('fr');
    const inEnglish = await t.app.inject({
      method: 'GET',
      url: url(result.id, 'edit'),
      headers: { cookie: alice.cookie, 'accept-language': 'en' },
    });
    expect(inEnglish.json().language).toBe('fr');
    expect(opened.document.background).toBe('plate');
    const slogan = opened.document.texts.find((text) => text.source?.role === 'slogan');
    expect(slogan?.text.length).toBeGreaterThan(0);
    expect(slogan!.fontSize).toBeGreaterThanOrEqual(12);
    const plate = await get(alice.cookie, opened.plate!);
    expect(plate.statusCode).toBe(200);
    expect(plate.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(plate.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([result.image.width, result.image.height]);
  });

  it('exporting the document as it opened gives the composed picture back', async () => {
    const res = await exportOf(alice.cookie, result.id, opened.document);
    expect(res.statusCode, res.body).toBe(200);
    const composed = await get(alice.cookie, result.image.url);
    expect(await differenceIn(res.rawPayload, composed.rawPayload)).toBeLessThan(1.5);
  }, 60_000);

  it('a version 1 document that left the texts at the size they opened at exports them at the engine’s own size', async () => {
    // Version 1 measured sizes on a 1080-wide display: each text as it opened then.
    const { image } = await editableImage(t.database, alice.userId, result.id, 0);
    const openedInVersion1 = (role: string) => {
      const layer = image.layers.find((l) => l.role === role)!;
      const size = Math.round(emPx(layer.dpi) / (image.width / 1080) / 2) * 2;
      return Math.min(120, Math.max(12, size));
    };
    const v1 = {
      ...opened.document,
      version: 1,
      texts: opened.document.texts.map((text) =>
        text.source ? { ...text, fontSize: openedInVersion1(text.source.role) } : text,
      ),
    };
    const res = await exportOf(alice.cookie, result.id, v1);
    expect(res.statusCode, res.body).toBe(200);
    const composed = await get(alice.cookie, result.image.url);
    expect(await differenceIn(res.rawPayload, composed.rawPayload)).toBeLessThan(1.5);
  }, 60_000);

  it('an edited slogan is set in its place at full size; nothing is stored by an export', async () => {
    const texts = opened.document.texts.map((text) =>
      text.source?.role === 'slogan' ? { ...text, text: 'Promo 9,90 €!' } : text,
    );
    const res = await exportOf(alice.cookie, result.id, { ...opened.document, texts });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([result.image.width, result.image.height]);
    const composed = (await get(alice.cookie, result.image.url)).rawPayload;
    const slogan = texts.find((text) => text.source?.role === 'slogan')!;
    const around = { x: 5, y: Math.max(0, slogan.y - 6), width: 90, height: 12 };
    expect(await differenceIn(res.rawPayload, composed, around)).toBeGreaterThan(3);
    expect(await editRowsOf(alice.userId)).toEqual([]);
  }, 60_000);

  it('another user’s result answers 404, for its plate and its export', async () => {
    expect((await get(bob.cookie, url(result.id, 'plate'))).statusCode).toBe(404);
    const res = await exportOf(bob.cookie, result.id, opened.document);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it(`more than ${EDITOR_EXPORT_LIMIT.max} exports a minute: a translated 429 with Retry-After`, async () => {
    const carol = await signedInUser(t.app, 'carol-layers@example.test');
    // The window already holds every allowed export.
    await t.database.query(`insert into rate_limits (key, window_start, count) values ($1, now(), $2)`, [
      `editor-export:user:${carol.userId}`,
      EDITOR_EXPORT_LIMIT.max,
    ]);
    const refused = await exportOf(carol.cookie, result.id, opened.document, 'fr');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Trop de téléchargements d’images modifiées en peu de temps\./,
    );
    // Another user is not held back.
    expect((await exportOf(alice.cookie, result.id, opened.document)).statusCode).toBe(200);
  }, 60_000);

  it('a malformed document is refused with a translated 400 and nothing is stored', async () => {
    const bad = { ...opened.document, texts: [{ ...opened.document.texts[0]!, fontSize: 500 }] };
    const res = await exportOf(alice.cookie, result.id, bad, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toMatch(/taille/i);
    const role = await exportOf(alice.cookie, result.id, {
      ...opened.document,
      texts: [{ ...opened.document.texts[0]!, source: { role: 'price', width: 50 } }],
    });
    expect(role.statusCode).toBe(400);
    expect(await editRowsOf(alice.userId)).toEqual([]);
  });
});

describe('plates and results made before them', () => {
  it('a result made before plates opens over its image with no layers, and exports with a new text', async () => {
    beforePlates = true;
    const old = await finished(alice).finally(() => (beforePlates = false));
    const opened: EditorDocumentResponse = (await get(alice.cookie, url(old.id, 'edit'))).json();
    expect(opened.plate).toBeNull();
    expect(opened.document.texts).toEqual([]);
    expect((await get(alice.cookie, url(old.id, 'plate'))).statusCode).toBe(404);
    const document: EditorDocument = {
      version: 2,
      logo: null,
      texts: [
        {
          id: '1',
          text: 'Nouveau !',
          x: 50,
          y: 85,
          fontSize: 48,
          color: '#ff0000',
          backgroundColor: 'transparent',
          fontFamily: 'Impact',
          fontWeight: 'bold',
          outlineColor: '#000000',
          outlineWidth: 2,
        },
      ],
    };
    const res = await exportOf(alice.cookie, old.id, document);
    expect(res.statusCode, res.body).toBe(200);
    const composed = (await get(alice.cookie, old.image.url)).rawPayload;
    // The new text is drawn where it was put, and the rest of the image is the composed one.
    expect(
      await differenceIn(res.rawPayload, composed, { x: 30, y: 80, width: 40, height: 10 }),
    ).toBeGreaterThan(3);
    expect(await differenceIn(res.rawPayload, composed, { x: 0, y: 0, width: 100, height: 60 })).toBeLessThan(
      1.5,
    );
  }, 120_000);

  it('the retention job removes a result’s plate with its image', async () => {
    const gone = await finished(bob);
    const folder = path.join(storageDir(t.config.dataDir), bob.userId);
    expect(fs.readdirSync(folder).filter((f) => f.startsWith(gone.id))).toHaveLength(2);
    await t.database.query(
      `update user_image_generations set generated_at = now() - interval '400 days' where id = $1`,
      [gone.id],
    );
    const summary = await historyRetention.handle(
      { database: t.database, storage: t.app.deps.storage } as unknown as JobContext,
      {},
    );
    expect(summary.deletedGenerations).toBe(1);
    expect(fs.readdirSync(folder).filter((f) => f.startsWith(gone.id))).toEqual([]);
  }, 120_000);
});
