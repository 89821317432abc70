/**
 * The variant the user picks is kept: PUT /api/history/:id/selected-image makes it the result's image,
 * which History, the generation's detail and the image links then show. Bad picks change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationResult, HistoryResponse } from '@vitrine/shared/api/generations';
import type { Worker } from '../src/jobs/worker';
import { createLocalRenderer } from '../src/modules/generations/render';
import { signedInUser } from './helpers/factories';
import { detail, startExpress, started, waitForEnd } from './helpers/generations';
import { startTestWorker, useTestApp } from './helpers/test-app';

const t = useTestApp();
let worker: Worker | undefined;
let owner: { cookie: string };
let result: GenerationResult;
let generationId: string;

beforeAll(async () => {
  worker = await startTestWorker(t, createLocalRenderer());
  owner = await signedInUser(t.app, 'picker@example.test');
  const res = await startExpress(t.app, owner.cookie, {
    style: 'minimaliste',
    format: 'square',
    description: 'Fleuriste de quartier',
    variants: 3,
  });
  generationId = started(res.body).generation.id;
  result = (await waitForEnd(t.app, owner.cookie, generationId)).result!;
}, 120_000);
afterAll(async () => {
  await worker?.stop(2000);
});

const pick = (id: string, payload: unknown, cookie = owner.cookie, lang = 'fr') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/history/${id}/selected-image`,
    headers: { cookie, 'accept-language': lang, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const pathOf = (url: string | null) => (url ? new URL(url, 'http://x').pathname : null);
const historyItem = async () =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie: owner.cookie } })
    ).json() as HistoryResponse
  ).items.find((item) => item.id === result.id)!;

describe('the variant the user picks', () => {
  it('starts as the first variant', () => {
    expect(result.images).toHaveLength(3);
    expect(pathOf(result.selectedImage)).toBe(`/api/images/${result.id}/0`);
  });

  it('is stored on the server: History and the generation detail show it, and its link serves that image', async () => {
    const res = await pick(result.id, { index: 2 });
    expect(res.statusCode).toBe(200);
    const picked = res.json() as GenerationResult;
    expect(pathOf(picked.selectedImage)).toBe(`/api/images/${result.id}/2`);
    expect(pathOf((await historyItem()).selectedImage)).toBe(`/api/images/${result.id}/2`);
    const again = await detail(t.app, owner.cookie, generationId);
    expect(pathOf(again.result!.selectedImage)).toBe(`/api/images/${result.id}/2`);
    // The signed link of the selected image serves the third variant's bytes.
    const [selected, third, first] = await Promise.all(
      [picked.selectedImage!, picked.images[2]!.url, picked.images[0]!.url].map((url) =>
        t.app.inject({ method: 'GET', url }),
      ),
    );
    expect(selected!.statusCode).toBe(200);
    expect(selected!.rawPayload.equals(third!.rawPayload)).toBe(true);
    expect(selected!.rawPayload.equals(first!.rawPayload)).toBe(false);
    // Picked again: the latest pick wins.
    expect(pathOf((await pick(result.id, { index: 1 })).json().selectedImage)).toBe(
      `/api/images/${result.id}/1`,
    );
    expect(pathOf((await historyItem()).selectedImage)).toBe(`/api/images/${result.id}/1`);
  });

  it('refuses a variant the result does not have, a malformed pick, another user and no session, changing nothing', async () => {
    const before = (await historyItem()).selectedImage;
    const outOfRange = await pick(result.id, { index: 3 }, owner.cookie, 'en');
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The value is out of range.',
    });
    for (const payload of [
      { index: -1 },
      { index: 1.5 },
      { index: '1' },
      { index: 99 },
      {},
      '{"index":',
      'null',
    ]) {
      const res = await pick(result.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(/\S/);
    }
    const mallory = await signedInUser(t.app, 'mallory-pick@example.test');
    expect((await pick(result.id, { index: 0 }, mallory.cookie)).statusCode).toBe(404);
    expect((await pick('not-a-uuid', { index: 0 })).statusCode).toBe(404);
    expect((await pick('00000000-0000-4000-8000-000000000000', { index: 0 })).statusCode).toBe(404);
    expect((await pick(result.id, { index: 0 }, '')).statusCode).toBe(401);
    expect((await historyItem()).selectedImage).toBe(before);
  });
});
