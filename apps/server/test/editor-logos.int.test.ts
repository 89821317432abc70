/**
 * The image editor's logos and limits, through HTTP on a real database: logos that must be the
 * caller's own, a logo left unused deleted with its files by the daily job, saves limited per user,
 * and edits gone with their generation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_SAVE_LIMIT, type EditorDocument } from '@vitrine/shared/api/editor';
import type { JobContext } from '../src/jobs/job';
import { historyRetention } from '../src/jobs/definitions/history-retention';
import { storageDir } from '../src/modules/storage/storage';
import { signedInUser } from './helpers/factories';
import { detail } from './helpers/generations';
import {
  alice,
  bob,
  editRows,
  editUrl,
  fileExists,
  finishedGeneration,
  generationId,
  getEdit,
  putEdit,
  read,
  saved,
  storageKeyOf,
  t,
  text,
  uploadLogo,
  useEditorApp,
} from './helpers/editor-fixture';

useEditorApp();

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
      const body = { version: 2, logo: { uploadId, x: 50, y: 50, size: 20 }, texts: [] };
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
    // Unused for 20 days: still kept (an unused upload expires after 30).
    await t.database.query(`update uploads set last_used_at = now() - interval '20 days' where id = $1`, [
      logo,
    ]);
    await saved(alice.cookie, editUrl(generationId, 'image=0'), {
      version: 2,
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
    const dave = await signedInUser(t.app, 'dave-editor@example.test');
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
      version: 2,
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
    await saved(dave.cookie, editUrl(id, 'image=1'), { version: 2, logo: null, texts: [] });
    expect(await storageKeyOf(first)).toBe(firstKey);
    expect(fileExists(firstKey)).toBe(true);
    await saved(dave.cookie, editUrl(id, 'image=1'), withLogo(first));
    await saved(dave.cookie, editUrl(id, 'image=1'), { version: 2, logo: null, texts: [] });

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
    const erin = await signedInUser(t.app, 'erin-editor@example.test');
    const done = await finishedGeneration(erin);
    const logo = await uploadLogo(erin);
    const url = editUrl(done.generation.id, 'image=0');
    await saved(erin.cookie, url, {
      version: 2,
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
    expect(reopened.document).toEqual({ version: 2, logo: null, texts: [text()] });
    // What is read back can be saved as it is.
    await saved(erin.cookie, url, reopened.document);
  });
});

describe('editor documents: limits and lifetime', () => {
  it(`more than ${EDITOR_SAVE_LIMIT.max} saves a minute: a translated 429 with Retry-After, nothing stored`, async () => {
    const frank = await signedInUser(t.app, 'frank-editor@example.test');
    const done = await finishedGeneration(frank);
    const url = editUrl(done.generation.id, 'image=0');
    // The window already holds all but one of the allowed saves.
    await t.database.query(`insert into rate_limits (key, window_start, count) values ($1, now(), $2)`, [
      `editor-save:user:${frank.userId}`,
      EDITOR_SAVE_LIMIT.max - 1,
    ]);
    const last = await saved(frank.cookie, url, { version: 2, logo: null, texts: [text()] });
    const refused = await putEdit(frank.cookie, url, { version: 2, logo: null, texts: [] }, 'fr');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Trop d’enregistrements en peu de temps\. Veuillez réessayer dans (1 minute|([2-9]|\d{2,}) minutes)\.$/,
    );
    expect(await read(frank.cookie, url)).toEqual(last);
    // Another user is not held back.
    await saved(alice.cookie, editUrl(generationId, 'image=0'), { version: 2, logo: null, texts: [] });
  });

  it('a generation past its year of history goes with its edits (retention job)', async () => {
    const gina = await signedInUser(t.app, 'gina-editor@example.test');
    const done = await finishedGeneration(gina);
    await saved(gina.cookie, editUrl(done.generation.id, 'image=1'), {
      version: 2,
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
