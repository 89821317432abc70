/**
 * The image editor's saved documents, through HTTP on a real database: owner only, finished
 * generations and existing images only, every bad body refused with a translated 4xx and nothing
 * stored, logos that must be the caller's own, a logo left unused deleted with its files, saves
 * limited per user, and edits gone with their generation.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_BODY_LIMIT,
  EDITOR_SAVE_LIMIT,
  TEXT_DEFAULTS,
  type EditorDocument,
  type EditorDocumentResponse,
  type TextLayer,
} from '@vitrine/shared/api/editor';
import type { JobContext } from '../src/jobs/job';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import type { Worker } from '../src/jobs/worker';
import type { Renderer } from '../src/modules/generations/render';
import { storageDir } from '../src/modules/storage/storage';
import { createVerifiedUser } from './helpers/accounts';
import { detail, startExpress, started, waitForEnd } from './helpers/generations';
import { multipartFile } from './helpers/multipart';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

type User = { cookie: string; userId: string };

let t: TestApp;
let worker: Worker | undefined;
/** Released by a test to let a held render finish. */
let release: (() => void) | undefined;
let hold = false;
let tiny: Buffer;

// Two small variants, quickly: what is tested here is the editor's storage, not the engine.
const renderer: Renderer = {
  fusion: () => Promise.reject(new Error('not used')),
  async express(_input, onVariant) {
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    await onVariant(1, 2);
    await onVariant(2, 2);
    return [0, 1].map(() => ({ jpeg: tiny, width: 64, height: 64, metadata: {} }));
  },
};

let alice: User;
let bob: User;
/** Alice's finished generation: its id, and its result's id (as History lists it). */
let generationId: string;
let resultId: string;
let logoPng: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  tiny = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  logoPng = await sharp({
    create: { width: 120, height: 120, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  worker = await startTestWorker(t, renderer);
  alice = await createVerifiedUser(t.app, 'alice-editor@example.test');
  bob = await createVerifiedUser(t.app, 'bob-editor@example.test');
  const done = await finishedGeneration(alice);
  generationId = done.generation.id;
  resultId = done.result!.id;
});
afterAll(async () => {
  release?.();
  await worker?.stop(2000);
  await t.close();
});

async function finishedGeneration(user: User) {
  const res = await startExpress(t.app, user.cookie, { style: 'vintage', format: 'square', variants: 2 });
  expect(res.statusCode, res.body).toBe(202);
  const done = await waitForEnd(t.app, user.cookie, started(res.body).generation.id);
  expect(done.generation.status).toBe('completed');
  expect(done.result!.images).toHaveLength(2);
  return done;
}

const editUrl = (id: string, query = 'image=0') => `/api/generations/${id}/edit?${query}`;

function getEdit(cookie: string | undefined, url: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
  });
}

function putEdit(
  cookie: string | undefined,
  url: string,
  body: unknown,
  lang = 'en',
  contentType = 'application/json',
) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { 'accept-language': lang, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

async function saved(cookie: string, url: string, body: EditorDocument): Promise<EditorDocumentResponse> {
  const res = await putEdit(cookie, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function read(cookie: string, url: string): Promise<EditorDocumentResponse> {
  const res = await getEdit(cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const text = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: '1767225600000',
  text: 'Soldes d’été −30 %',
  x: 50,
  y: 82.5,
  ...TEXT_DEFAULTS,
  ...overrides,
});

async function uploadLogo(user: User, role = 'logo', body = logoPng): Promise<string> {
  const { payload, headers } = multipartFile('logo.png', body, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/uploads?role=${role}`,
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function editRows(userId: string) {
  return t.database.query<{ image_index: number; document: EditorDocument }>(
    `select image_index, document from generation_edits where user_id = $1 order by image_index`,
    [userId],
  );
}

async function storageKeyOf(uploadId: string) {
  const [row] = await t.database.query<{ storage_key: string }>(
    `select storage_key from uploads where id = $1`,
    [uploadId],
  );
  return row?.storage_key;
}

const fileExists = (key: string) => fs.existsSync(path.join(storageDir(t.config.dataDir), key));

describe('editor documents: who may read and save them', () => {
  it('a visitor gets a translated 401 and nothing is stored', async () => {
    const get = await getEdit(undefined, editUrl(generationId), 'fr');
    expect(get.statusCode).toBe(401);
    expect(get.json().error.message).toBe('Veuillez vous connecter pour modifier vos images');
    const put = await putEdit(undefined, editUrl(generationId), { version: 1, logo: null, texts: [text()] });
    expect(put.statusCode).toBe(401);
    expect(put.json().error.code).toBe('UNAUTHENTICATED');
    expect(await editRows(alice.userId)).toEqual([]);
  });

  it('another user’s generation, an unknown id or a malformed id answers 404 and nothing is stored', async () => {
    const body: EditorDocument = { version: 1, logo: null, texts: [text()] };
    for (const id of [generationId, resultId]) {
      expect((await getEdit(bob.cookie, editUrl(id))).statusCode).toBe(404);
      const put = await putEdit(bob.cookie, editUrl(id), body);
      expect(put.statusCode).toBe(404);
      expect(put.json().error.code).toBe('NOT_FOUND');
    }
    for (const id of ['8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11', 'not-a-uuid']) {
      expect((await getEdit(alice.cookie, editUrl(id))).statusCode).toBe(404);
      expect((await putEdit(alice.cookie, editUrl(id), body)).statusCode).toBe(404);
    }
    expect(await editRows(alice.userId)).toEqual([]);
    expect(await editRows(bob.userId)).toEqual([]);
  });

  it('an image the generation does not have answers a translated 404; a bad image index a 400', async () => {
    const missing = await getEdit(alice.cookie, editUrl(generationId, 'image=2'), 'fr');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Cette génération n’a pas cette image.');
    const put = await putEdit(alice.cookie, editUrl(generationId, 'image=3'), {
      version: 1,
      logo: null,
      texts: [],
    });
    expect(put.statusCode).toBe(404);
    for (const query of ['image=4', 'image=-1', 'image=abc', 'image=1.5']) {
      const res = await getEdit(alice.cookie, editUrl(generationId, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe('Choose one of the generation’s images (0 to 3).');
    }
    const extra = await getEdit(alice.cookie, editUrl(generationId, 'image=0&user=someone'));
    expect(extra.statusCode).toBe(400);
    expect(await editRows(alice.userId)).toEqual([]);
  });

  it('a generation still in progress answers a translated 409', async () => {
    const carol = await createVerifiedUser(t.app, 'carol-editor@example.test');
    hold = true;
    try {
      const res = await startExpress(t.app, carol.cookie, { style: 'vintage', format: 'square' });
      const { id } = started(res.body).generation;
      for (const lang of ['fr', 'en'] as const) {
        const get = await getEdit(carol.cookie, editUrl(id), lang);
        expect(get.statusCode).toBe(409);
        expect(get.json().error.code).toBe('GENERATION_NOT_COMPLETED');
        expect(get.json().error.message).toBe(
          lang === 'fr'
            ? 'Cette génération n’est pas encore terminée\u00a0: ses images pourront être modifiées une fois qu’elle le sera.'
            : 'This generation is not finished yet: its images can be edited once it is completed.',
        );
      }
      const put = await putEdit(carol.cookie, editUrl(id), { version: 1, logo: null, texts: [] });
      expect(put.statusCode).toBe(409);
      expect(await editRows(carol.userId)).toEqual([]);
    } finally {
      hold = false;
      release?.();
    }
  });
});

describe('editor documents: saving and reopening', () => {
  it('an image never edited reads as the empty document, never saved', async () => {
    expect(await read(alice.cookie, editUrl(generationId, 'image=1'))).toEqual({
      document: { version: 1, logo: null, texts: [] },
      savedAt: null,
    });
    // Without `image`, the first image.
    expect((await read(alice.cookie, `/api/generations/${generationId}/edit`)).savedAt).toBeNull();
  });

  it('a saved document is restored exactly, per image, by the generation’s id or its result’s', async () => {
    const logo = await uploadLogo(alice);
    const document: EditorDocument = {
      version: 1,
      logo: { uploadId: logo, x: 12.5, y: 88, size: 35 },
      texts: [
        text(),
        text({
          id: '1767225600001',
          text: 'Nouveauté',
          x: 0,
          y: 100,
          fontSize: 120,
          color: '#ff8000',
          backgroundColor: '#000080',
          fontFamily: 'Comic Sans MS',
          fontWeight: 'italic',
          outlineColor: '#ffffff',
          outlineWidth: 0,
        }),
      ],
    };
    const first = await saved(alice.cookie, editUrl(generationId, 'image=1'), document);
    expect(first.document).toEqual(document);
    expect(Number.isNaN(Date.parse(first.savedAt!))).toBe(false);

    expect(await read(alice.cookie, editUrl(generationId, 'image=1'))).toEqual(first);
    expect(await read(alice.cookie, editUrl(resultId, 'image=1'))).toEqual(first);
    // The other image has its own document.
    expect((await read(alice.cookie, editUrl(generationId, 'image=0'))).savedAt).toBeNull();

    // Saving again replaces it (one row per image), with a new savedAt.
    const second = await saved(alice.cookie, editUrl(resultId, 'image=1'), { ...document, texts: [] });
    expect(second.document.texts).toEqual([]);
    expect(Date.parse(second.savedAt!)).toBeGreaterThanOrEqual(Date.parse(first.savedAt!));
    expect((await editRows(alice.userId)).map((r) => r.image_index)).toEqual([1]);

    // Bob still sees nothing of it.
    expect((await getEdit(bob.cookie, editUrl(generationId, 'image=1'))).statusCode).toBe(404);
  });

  it('texts are stored trimmed, as validated', async () => {
    const res = await saved(alice.cookie, editUrl(generationId, 'image=0'), {
      version: 1,
      logo: null,
      texts: [text({ text: '  Promo  ' })],
    });
    expect(res.document.texts[0]!.text).toBe('Promo');
    expect((await read(alice.cookie, editUrl(generationId, 'image=0'))).document.texts[0]!.text).toBe(
      'Promo',
    );
  });
});

describe('editor documents: bad input is refused, translated, and nothing is stored', () => {
  const url = () => editUrl(generationId, 'image=0');
  const valid = (): EditorDocument => ({ version: 1, logo: null, texts: [text({ id: 'kept' })] });

  beforeAll(async () => {
    await saved(alice.cookie, url(), valid());
  });

  async function unchanged() {
    const rows = await editRows(alice.userId);
    expect(rows.find((r) => r.image_index === 0)?.document).toEqual(valid());
  }

  it('wrong types, out-of-range values and unknown fields: 400 naming the field', async () => {
    const cases: [string, unknown, string, string][] = [
      ['unknown top field', { ...valid(), owner: 'bob' }, 'owner', 'This field cannot be changed.'],
      [
        'unknown text field',
        { ...valid(), texts: [{ ...text(), shadow: true }] },
        'shadow',
        'This field cannot be changed.',
      ],
      ['version', { ...valid(), version: 2 }, 'version', ''],
      [
        'font size not even',
        { ...valid(), texts: [text({ fontSize: 13 })] },
        'texts',
        'The text size is an even number of pixels from 12 to 120.',
      ],
      [
        'font size as a string',
        { ...valid(), texts: [{ ...text(), fontSize: '24' }] },
        'texts',
        'The text size is an even number of pixels from 12 to 120.',
      ],
      [
        'position past 100',
        { ...valid(), texts: [text({ x: 101 })] },
        'texts',
        'A position is a percentage from 0 to 100.',
      ],
      [
        'colour name',
        { ...valid(), texts: [text({ color: 'red' })] },
        'texts',
        'Choose a colour as #rrggbb.',
      ],
      [
        'unknown font',
        { ...valid(), texts: [{ ...text(), fontFamily: 'Papyrus' }] },
        'texts',
        'Choose one of the six fonts offered.',
      ],
      [
        'blank text',
        { ...valid(), texts: [text({ text: '   ' })] },
        'texts',
        'Text required: please enter a text before adding it.',
      ],
      [
        'too many texts',
        { ...valid(), texts: Array.from({ length: 21 }, (_, i) => text({ id: String(i) })) },
        'texts',
        'An image holds 20 texts at most.',
      ],
      [
        'logo too large',
        { ...valid(), logo: { uploadId: '8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11', x: 50, y: 50, size: 90 } },
        'logo',
        'The logo size is a percentage from 5 to 80.',
      ],
      [
        'logo id not a uuid',
        { ...valid(), logo: { uploadId: '../etc/passwd', x: 50, y: 50, size: 20 } },
        'logo',
        'This logo is not one of your uploads.',
      ],
      ['texts missing', { version: 1, logo: null }, 'texts', ''],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await putEdit(alice.cookie, url(), body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('VALIDATION_FAILED');
      // Where the contract has no message of its own (a missing list, another version), any text.
      if (message) expect(res.json().error.fields?.[field], name).toBe(message);
      else expect(res.json().error.fields?.[field], name).toEqual(expect.any(String));
    }
    await unchanged();
  });

  it('French messages for the same mistakes', async () => {
    const res = await putEdit(alice.cookie, url(), { ...valid(), texts: [text({ outlineWidth: 11 })] }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'L’épaisseur du contour est un nombre entier de pixels, de 0 à 10.',
    );
    await unchanged();
  });

  it('malformed JSON, a body that is not an object, the wrong content type, an empty body', async () => {
    const malformed = await putEdit(alice.cookie, url(), '{"version": 1, "texts": [', 'fr');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'INVALID_JSON',
      message: 'Le corps de la requête n’est pas un JSON valide.',
    });
    for (const body of ['[]', '"document"', 'null', '42']) {
      const res = await putEdit(alice.cookie, url(), body);
      expect(res.statusCode, body).toBe(400);
    }
    const plain = await putEdit(alice.cookie, url(), 'version=1', 'en', 'text/plain');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.code).toBe('VALIDATION_FAILED');
    const xml = await putEdit(alice.cookie, url(), '<document/>', 'en', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.message).toBe('Unsupported content type. Send JSON (application/json).');
    const empty = await putEdit(alice.cookie, url(), '');
    expect(empty.statusCode).toBe(400);
    await unchanged();
  });

  it(`a body over ${EDITOR_BODY_LIMIT / 1024} KB answers a translated 413`, async () => {
    const padded = JSON.stringify({ ...valid(), padding: 'x'.repeat(EDITOR_BODY_LIMIT) });
    for (const lang of ['en', 'fr'] as const) {
      const res = await putEdit(alice.cookie, url(), padded, lang);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(
        lang === 'en'
          ? 'The request body is too large (maximum 64 KB).'
          : 'Le corps de la requête est trop volumineux (maximum 64 KB).',
      );
    }
    await unchanged();
  });
});

describe('editor documents: logos', () => {
  it('a logo must be one of the caller’s own logos, not expired; a refused one stores nothing', async () => {
    const url = editUrl(generationId, 'image=0');
    const before = await read(alice.cookie, url);
    const bobsLogo = await uploadLogo(bob);
    const product = await uploadLogo(alice, 'product');
    const expired = await uploadLogo(alice);
    await t.database.query(`update uploads set last_used_at = now() - interval '400 days' where id = $1`, [
      expired,
    ]);
    const cases: [string, string, string][] = [
      [
        bobsLogo,
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        product,
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        '8d0c2f55-2b1f-4a8e-9d0e-7d7a8f0b6c11',
        'This logo is not one of your uploads.',
        'Ce logo ne fait pas partie de vos images envoyées.',
      ],
      [
        expired,
        'This logo was deleted or has expired. Upload it again.',
        'Ce logo a été supprimé ou a expiré. Importez-le de nouveau.',
      ],
    ];
    for (const [uploadId, en, fr] of cases) {
      const body = { version: 1, logo: { uploadId, x: 50, y: 50, size: 20 }, texts: [] };
      const res = await putEdit(alice.cookie, url, body);
      expect(res.statusCode, uploadId).toBe(400);
      expect(res.json().error.fields.logo, uploadId).toBe(en);
      expect((await putEdit(alice.cookie, url, body, 'fr')).json().error.message, uploadId).toBe(fr);
    }
    expect(await read(alice.cookie, url)).toEqual(before);
    // Bob's logo is untouched and still his.
    expect(await storageKeyOf(bobsLogo)).toBeDefined();
  });

  it('saving with a logo counts as a use of it (it does not expire meanwhile)', async () => {
    const logo = await uploadLogo(alice);
    await t.database.query(`update uploads set last_used_at = now() - interval '300 days' where id = $1`, [
      logo,
    ]);
    await saved(alice.cookie, editUrl(generationId, 'image=0'), {
      version: 1,
      logo: { uploadId: logo, x: 50, y: 50, size: 20 },
      texts: [],
    });
    const [row] = await t.database.query<{ recent: boolean }>(
      `select last_used_at > now() - interval '1 day' as recent from uploads where id = $1`,
      [logo],
    );
    expect(row!.recent).toBe(true);
  });

  it('a logo replaced or dropped stays a day (undo can bring it back), then goes with its files once no saved document uses it; so does one never saved', async () => {
    const dave = await createVerifiedUser(t.app, 'dave-editor@example.test');
    const done = await finishedGeneration(dave);
    const id = done.generation.id;
    const first = await uploadLogo(dave);
    const second = await uploadLogo(dave);
    const neverSaved = await uploadLogo(dave);
    const neverSavedKey = (await storageKeyOf(neverSaved))!;
    const firstKey = (await storageKeyOf(first))!;
    // Its preview exists once listed; it must go too.
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${first}/thumb.webp`,
      headers: { cookie: dave.cookie },
    });
    expect(thumb.statusCode).toBe(200);
    expect(fileExists(firstKey)).toBe(true);
    const withLogo = (uploadId: string): EditorDocument => ({
      version: 1,
      logo: { uploadId, x: 50, y: 50, size: 20 },
      texts: [],
    });

    // The first logo on both images; replaced on image 0, it is still used by image 1.
    await saved(dave.cookie, editUrl(id, 'image=0'), withLogo(first));
    await saved(dave.cookie, editUrl(id, 'image=1'), withLogo(first));
    await saved(dave.cookie, editUrl(id, 'image=0'), withLogo(second));
    expect(await storageKeyOf(first)).toBe(firstKey);
    expect(fileExists(firstKey)).toBe(true);

    // Dropped from image 1 too: nothing uses it any more, but undo may still bring it back today.
    await saved(dave.cookie, editUrl(id, 'image=1'), { version: 1, logo: null, texts: [] });
    expect(await storageKeyOf(first)).toBe(firstKey);
    expect(fileExists(firstKey)).toBe(true);
    await saved(dave.cookie, editUrl(id, 'image=1'), withLogo(first));
    await saved(dave.cookie, editUrl(id, 'image=1'), { version: 1, logo: null, texts: [] });

    // The daily job, two days later: the unused logos go, files and all; the one in use stays.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await historyRetention.handle(
      { database: t.database, storage: t.app.deps.storage } as unknown as JobContext,
      { now: later },
    );
    expect(await storageKeyOf(first)).toBeUndefined();
    expect(fileExists(firstKey)).toBe(false);
    expect(await storageKeyOf(neverSaved)).toBeUndefined();
    expect(fileExists(neverSavedKey)).toBe(false);
    const files = fs.readdirSync(path.join(storageDir(t.config.dataDir), dave.userId));
    expect(files.filter((f) => firstKey.endsWith(f.split('.')[0]!))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/uploads/${first}`, headers: { cookie: dave.cookie } }))
        .statusCode,
    ).toBe(404);

    // The second one stays, offered again as the last logo used.
    const logos = await t.app.inject({
      method: 'GET',
      url: '/api/uploads?role=logo',
      headers: { cookie: dave.cookie },
    });
    expect((logos.json() as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([second]);
    expect(fileExists((await storageKeyOf(second))!)).toBe(true);

    // Saving the same logo again deletes nothing.
    await saved(dave.cookie, editUrl(id, 'image=0'), { ...withLogo(second), texts: [text()] });
    expect(await storageKeyOf(second)).toBeDefined();
  });

  it('a logo deleted from the uploads is left out when the document is reopened', async () => {
    const erin = await createVerifiedUser(t.app, 'erin-editor@example.test');
    const done = await finishedGeneration(erin);
    const logo = await uploadLogo(erin);
    const url = editUrl(done.generation.id, 'image=0');
    await saved(erin.cookie, url, {
      version: 1,
      logo: { uploadId: logo, x: 30, y: 30, size: 10 },
      texts: [text()],
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${logo}`,
      headers: { cookie: erin.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const reopened = await read(erin.cookie, url);
    expect(reopened.document).toEqual({ version: 1, logo: null, texts: [text()] });
    // What is read back can be saved as it is.
    await saved(erin.cookie, url, reopened.document);
  });
});

describe('editor documents: limits and lifetime', () => {
  it(`more than ${EDITOR_SAVE_LIMIT.max} saves a minute: a translated 429 with Retry-After, nothing stored`, async () => {
    const frank = await createVerifiedUser(t.app, 'frank-editor@example.test');
    const done = await finishedGeneration(frank);
    const url = editUrl(done.generation.id, 'image=0');
    // The window already holds all but one of the allowed saves.
    await t.database.query(`insert into rate_limits (key, window_start, count) values ($1, now(), $2)`, [
      `editor-save:user:${frank.userId}`,
      EDITOR_SAVE_LIMIT.max - 1,
    ]);
    const last = await saved(frank.cookie, url, { version: 1, logo: null, texts: [text()] });
    const refused = await putEdit(frank.cookie, url, { version: 1, logo: null, texts: [] }, 'fr');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Trop d’enregistrements en peu de temps\. Veuillez réessayer dans \d+ minute\(s\)\.$/,
    );
    expect(await read(frank.cookie, url)).toEqual(last);
    // Another user is not held back.
    await saved(alice.cookie, editUrl(generationId, 'image=0'), { version: 1, logo: null, texts: [] });
  });

  it('a generation past its year of history goes with its edits (retention job)', async () => {
    const gina = await createVerifiedUser(t.app, 'gina-editor@example.test');
    const done = await finishedGeneration(gina);
    await saved(gina.cookie, editUrl(done.generation.id, 'image=1'), {
      version: 1,
      logo: null,
      texts: [text()],
    });
    expect(await editRows(gina.userId)).toHaveLength(1);
    await t.database.query(
      `update user_image_generations set generated_at = now() - interval '400 days' where user_id = $1`,
      [gina.userId],
    );
    const summary = await historyRetention.handle(
      { database: t.database, storage: t.app.deps.storage } as unknown as JobContext,
      {},
    );
    expect(summary.deletedGenerations).toBe(1);
    expect(await editRows(gina.userId)).toEqual([]);
    expect((await getEdit(gina.cookie, editUrl(done.result!.id, 'image=1'))).statusCode).toBe(404);
    // The others' edits are kept.
    expect((await editRows(alice.userId)).length).toBeGreaterThan(0);
    expect((await detail(t.app, alice.cookie, generationId)).result).not.toBeNull();
  });
});
