/**
 * The feed post 4:5, the pin 2:3 and the marketplace image (decision 059) through the HTTP API, rendered
 * by the real worker and engine on a real database: each new format is accepted and rendered at its
 * size, the marketplace image without a scene; an unknown format still gets a translated 400.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/factories';
import { startExpress, startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

/** The size of every image of a finished generation, as its files decode. */
async function sizesOf(cookie: string, id: string) {
  const done = await waitForEnd(t.app, cookie, id, 120_000);
  expect(done.generation.status).toBe('completed');
  return Promise.all(
    done.result!.images.map(async (image) => {
      const file = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie } });
      const meta = await sharp(file.rawPayload).metadata();
      return [meta.width, meta.height];
    }),
  );
}

describe('the new formats through the API', () => {
  it.each([
    ['publication', [1080, 1350]],
    ['pinterest', [1000, 1500]],
    ['marketplace', [2000, 2000]],
  ] as const)('a Fusion request for the %s format is accepted and rendered at %j', async (format, size) => {
    const u = await kit().userWithUploads(`fusion-${format}@example.test`);
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, format, variants: 2 });
    expect(res.statusCode).toBe(202);
    const { generation } = started(res.body);
    expect(await sizesOf(u.cookie, generation.id)).toEqual([size, size]);
    // The workflow payload and the settings offered again name the format by its key.
    const [row] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
      `select webhook_data from background_generations where id = $1`,
      [generation.id],
    );
    expect(row!.webhook_data.formatImage).toBe(format);
  });

  it('a marketplace image needs no scene: started with the product alone, it is rendered; other formats still need one', async () => {
    const u = await kit().userWithUploads('marketplace-alone@example.test');
    const alone = { productUploadId: u.uploads.productUploadId };
    const refused = await startFusion(t.app, u.cookie, { ...alone, format: 'pinterest' }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ contextUploadId: 'This field is required.' });
    expect(await kit().rows(u.userId)).toEqual([]);
    const res = await startFusion(t.app, u.cookie, { ...alone, format: 'marketplace', variants: 1 });
    expect(res.statusCode).toBe(202);
    const { generation } = started(res.body);
    expect(await sizesOf(u.cookie, generation.id)).toEqual([[2000, 2000]]);
    const [row] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
      `select webhook_data from background_generations where id = $1`,
      [generation.id],
    );
    expect(row!.webhook_data.imageContexte).toBe('');
  });

  it.each([
    ['feed', [1080, 1350]],
    ['pinterest', [1000, 1500]],
  ] as const)('an Express request for the %s format is accepted and rendered at %j', async (format, size) => {
    const u = await signedInUser(t.app, `express-${format}@example.test`);
    const res = await startExpress(t.app, u.cookie, {
      style: 'naturel',
      format,
      description: 'Épicerie bio',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    expect(await sizesOf(u.cookie, started(res.body).generation.id)).toEqual([size]);
  });

  it('an unknown format, or the marketplace image in Express, gets a translated 400 and nothing is written', async () => {
    const u = await kit().userWithUploads('unknown-format@example.test');
    for (const [lang, message] of [
      ['fr', 'Choisissez l’une des options proposées.'],
      ['en', 'Choose one of the options offered.'],
    ] as const) {
      const fusion = await startFusion(t.app, u.cookie, { ...u.uploads, format: 'affiche 4:5' }, lang);
      expect(fusion.statusCode).toBe(400);
      expect(fusion.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { format: message } });
      const express = await startExpress(t.app, u.cookie, { style: 'naturel', format: 'marketplace' }, lang);
      expect(express.statusCode).toBe(400);
      expect(express.json().error.fields).toEqual({ format: message });
    }
    expect(await kit().rows(u.userId)).toEqual([]);
    expect((await kit().usage(u.cookie)).used).toBe(0);
  });
});
