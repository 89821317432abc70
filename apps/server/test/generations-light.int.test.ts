/**
 * Light and shadow chosen in the Fusion form, through the HTTP API and the real worker: the light is
 * used and recorded in each image, "generate again" gives it back, and a light that is not one is
 * refused with a translated error before anything is written.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

async function stored(userId: string) {
  const [row] = await t.database.query<{ webhook_data: { images: { light?: unknown }[] } }>(
    `select webhook_data from user_image_generations where user_id = $1`,
    [userId],
  );
  return row?.webhook_data;
}

describe('light and shadow chosen in the form, through the server', () => {
  it('renders with the light chosen, records it in every image, and gives it back to "generate again"', async () => {
    const u = await kit().userWithUploads('light-chosen@example.test');
    const light = { angle: 45, softness: 0.7, strength: 0.3 };
    const res = await startFusion(t.app, u.cookie, {
      ...u.uploads,
      format: 'carré',
      variants: 2,
      light,
      reflection: 'oui',
    });
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');
    const images = (await stored(u.userId))!.images;
    expect(images.map((image) => image.light)).toEqual([
      { from: 'chosen', ...light, reflection: true },
      { from: 'chosen', ...light, reflection: true },
    ]);
    const history: HistoryResponse = (
      await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie: u.cookie } })
    ).json();
    expect(history.items[0]!.settings).toMatchObject({ mode: 'fusion', light, reflection: 'oui' });
  }, 120_000);

  it('left automatic (the default), records the light the engine used and gives "automatique" back', async () => {
    const u = await kit().userWithUploads('light-auto@example.test');
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, format: 'carré', variants: 1 });
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');
    const [image] = (await stored(u.userId))!.images;
    expect(image!.light).toMatchObject({ from: expect.stringMatching(/^(scene|variant)$/) });
    const history: HistoryResponse = (
      await t.app.inject({ method: 'GET', url: '/api/history', headers: { cookie: u.cookie } })
    ).json();
    expect(history.items[0]!.settings).toMatchObject({ light: null, reflection: 'automatique' });
  }, 120_000);

  it('refuses a light that is not one with a translated error, and starts nothing', async () => {
    const u = await kit().userWithUploads('light-bad@example.test');
    for (const [light, message] of [
      [{ angle: 400, softness: 0.5, strength: 0.5 }, 'The value is out of range.'],
      [{ angle: 90, softness: 'doux', strength: 0.5 }, 'The value is out of range.'],
      [{ angle: 90, softness: 0.5, strength: 2 }, 'The value is out of range.'],
      ['left', 'Choose one of the options offered.'],
    ] as const) {
      const res = await startFusion(t.app, u.cookie, { ...u.uploads, light }, 'en');
      expect(res.statusCode, JSON.stringify(light)).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields.light, JSON.stringify(light)).toBe(message);
    }
    const reflection = await startFusion(t.app, u.cookie, { ...u.uploads, reflection: 'maybe' }, 'en');
    expect(reflection.statusCode).toBe(400);
    expect(reflection.json().error.fields.reflection).toBe('Choose one of the options offered.');
    expect(await stored(u.userId)).toBeUndefined();
    expect(await kit().rows(u.userId)).toEqual([]);
  }, 60_000);
});
