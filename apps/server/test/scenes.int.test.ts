/**
 * The ready-made scenes ("Nos décors / Our scenes") through HTTP on a real database: the public list
 * and thumbnails, and a Fusion made on a scene instead of an uploaded context photo, with the real
 * worker and engine: its settings keep the scene, "generate again" with them renders on it again, and
 * a bad choice (an unknown scene, a scene and an upload together) is refused before anything is stored.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FusionSettingsUsed } from '@vitrine/shared/api/generations';
import type { ScenesResponse } from '@vitrine/shared/api/scenes';
import { signedInUser, uploaded } from './helpers/factories';
import { productJpeg, startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

/** A user with only a product photo: the scene stands in for the context photo. */
async function userWithProduct(email: string) {
  const user = await signedInUser(t.app, email);
  const productUploadId = await uploaded(t.app, user.cookie, { name: 'pot.jpg', bytes: await productJpeg() });
  return { ...user, productUploadId };
}

const payloadOf = async (generationId: string) => {
  const [row] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
    `select webhook_data from background_generations where id = $1`,
    [generationId],
  );
  return row!.webhook_data;
};

describe('GET /api/scenes: the catalogue, public and cacheable', () => {
  it('lists every scene with both names, kind, view, size and a thumbnail address, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/scenes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const { items } = res.json<ScenesResponse>();
    expect(items.length).toBeGreaterThanOrEqual(12);
    for (const scene of items) {
      expect(scene.name.fr, scene.id).not.toBe('');
      expect(scene.name.en, scene.id).not.toBe('');
      // The credit a CC BY photo needs travels with it.
      expect(scene.author.trim(), scene.id).not.toBe('');
      expect(scene.licence.trim(), scene.id).not.toBe('');
      expect(scene.thumbnailUrl).toBe(`/api/scenes/${scene.id}/thumbnail`);
      if (scene.studio) expect([scene.width, scene.height]).toEqual([null, null]);
      else expect(scene.width! * scene.height!).toBeGreaterThan(0);
    }
    // Studio sweeps first, then the photos grouped by kind.
    const kinds = items.map((scene) => scene.kind);
    expect(kinds[0]).toBe('studio');
    expect(kinds.filter((kind, i) => kind !== kinds[i - 1]).length).toBe(new Set(kinds).size);
    expect(items.find((scene) => scene.id === 'studio-sweep')).toMatchObject({
      name: { fr: 'Studio, fond uni', en: 'Studio sweep' },
      kind: 'studio',
      studio: true,
    });
  });

  it('serves a 480-pixel JPEG thumbnail; a sweep in the palette asked; an unknown scene is 404', async () => {
    const photo = await t.app.inject({ method: 'GET', url: '/api/scenes/outdoor-river-ledge/thumbnail' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toMatch(/^public/);
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 480 });

    const [warm, cool] = await Promise.all(
      ['chaude', 'froide'].map((palette) =>
        t.app.inject({ method: 'GET', url: `/api/scenes/studio-sweep/thumbnail?palette=${palette}` }),
      ),
    );
    const redOverBlue = async (jpeg: Buffer) => {
      const { channels } = await sharp(jpeg).stats();
      return channels[0]!.mean - channels[2]!.mean;
    };
    expect(await redOverBlue(warm!.rawPayload)).toBeGreaterThan(await redOverBlue(cool!.rawPayload));

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/scenes/nowhere/thumbnail',
      headers: { 'accept-language': 'en' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This scene is not in our scenes. Choose another one.');
  });
});

describe('a Fusion on a ready-made scene', () => {
  it('completes, keeps the scene in its settings and payload, and "generate again" with them renders on it again', async () => {
    const u = await userWithProduct('scene-fusion@example.test');
    const res = await startFusion(t.app, u.cookie, {
      productUploadId: u.productUploadId,
      sceneId: 'studio-sweep',
      format: 'carré',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    const first = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(first.generation.status).toBe('completed');
    const image = await t.app.inject({ method: 'GET', url: first.result!.images[0]!.url });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1080, height: 1080 });
    const settings = first.result!.settings as FusionSettingsUsed;
    expect(settings).toMatchObject({
      mode: 'fusion',
      sceneId: 'studio-sweep',
      contextUploadId: null,
      productUploadId: u.productUploadId,
    });
    // The payload names the scene; its context image is the scene's.
    expect(await payloadOf(first.generation.id)).toMatchObject({
      decor: 'studio-sweep',
      imageContexte: '/api/scenes/studio-sweep/image?palette=chaude',
    });

    // Generate again: the form is filled with the settings and sent as they are.
    const { mode: _mode, contextUploadId: _none, ...again } = settings;
    const second = await startFusion(t.app, u.cookie, { ...again, variants: 1 });
    expect(second.statusCode).toBe(202);
    const done = await waitForEnd(t.app, u.cookie, started(second.body).generation.id);
    expect(done.generation.status).toBe('completed');
    expect(done.result!.settings).toMatchObject({ sceneId: 'studio-sweep', contextUploadId: null });
  }, 90_000);

  it('a photo scene: the image is rendered on it, and its settings hold its id', async () => {
    const u = await userWithProduct('scene-photo@example.test');
    const res = await startFusion(t.app, u.cookie, {
      productUploadId: u.productUploadId,
      sceneId: 'outdoor-meadow-mountains',
      format: 'carré',
      variants: 1,
    });
    expect(res.statusCode).toBe(202);
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');
    expect(done.result!.settings).toMatchObject({ sceneId: 'outdoor-meadow-mountains' });
  }, 60_000);

  it('an unknown scene is refused with a translated message, and nothing is stored', async () => {
    const u = await userWithProduct('scene-unknown@example.test');
    for (const [lang, message] of [
      ['fr', 'Ce décor ne fait pas partie de nos décors. Choisissez-en un autre.'],
      ['en', 'This scene is not in our scenes. Choose another one.'],
    ] as const) {
      for (const sceneId of ['velvet-moon', '../../etc/passwd']) {
        const res = await startFusion(t.app, u.cookie, { productUploadId: u.productUploadId, sceneId }, lang);
        expect(res.statusCode, sceneId).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
    }
    expect(await kit().rows(u.userId)).toEqual([]);
    expect((await kit().usage(u.cookie)).used).toBe(0);
  });

  it('a scene and an uploaded context photo together are refused, and so is neither: nothing is stored', async () => {
    const u = await kit().userWithUploads('scene-both@example.test');
    const both = await startFusion(t.app, u.cookie, { ...u.uploads, sceneId: 'studio-sweep' }, 'en');
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Choose either your own background photo or one of our scenes, not both.',
    });
    const neither = await startFusion(t.app, u.cookie, { productUploadId: u.productUploadId }, 'en');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields).toHaveProperty('contextUploadId');
    expect(await kit().rows(u.userId)).toEqual([]);
    expect((await kit().usage(u.cookie)).used).toBe(0);
  });
});
