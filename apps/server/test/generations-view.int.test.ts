/**
 * How the product is shown, through the HTTP API and the real worker (decision 050): a shoe photographed
 * from a high angle on asphalt is read so and laid on the scene seen from above; "de face" chosen in
 * the form stands it up whatever its photo says. Each stored image records which, and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../src/jobs/worker';
import { createLocalRenderer } from '../src/modules/generations/render';
import { contextJpeg, generationKit, startFusion, started, waitForEnd } from './helpers/generations';
import { startTestWorker, useTestApp } from './helpers/test-app';

const SHOE = path.resolve(
  import.meta.dirname,
  '../../../packages/engine/test-data/open-photos/products/sneaker-pastel-asphalt.jpg',
);

const t = useTestApp();
let kit: ReturnType<typeof generationKit>;
let worker: Worker | undefined;
beforeAll(async () => {
  kit = generationKit(t, { product: fs.readFileSync(SHOE), context: await contextJpeg() });
  worker = await startTestWorker(t, createLocalRenderer());
});
afterAll(async () => {
  await worker?.stop(2000);
});

/** The stored images' record of how the product was shown. */
async function viewsOf(userId: string) {
  const [row] = await t.database.query<{ webhook_data: { images: { view?: unknown }[] } }>(
    `select webhook_data from user_image_generations where user_id = $1`,
    [userId],
  );
  return row!.webhook_data.images.map((image) => image.view);
}

describe('the product shown as it was photographed, through the server', () => {
  it("left to the engine (the form's default), a shoe shot from above lies on the scene seen from above", async () => {
    const u = await kit.userWithUploads('shoe-auto@example.test');
    const res = await startFusion(t.app, u.cookie, { ...u.uploads, format: 'carré', variants: 2 });
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');
    expect(await viewsOf(u.userId)).toEqual([
      { view: 'top', from: 'detected' },
      { view: 'top', from: 'detected' },
    ]);
  }, 120_000);

  it('"de face" chosen in the form stands it up, whatever its photo says', async () => {
    const u = await kit.userWithUploads('shoe-front@example.test');
    const res = await startFusion(t.app, u.cookie, {
      ...u.uploads,
      format: 'carré',
      variants: 1,
      productView: 'de face',
    });
    const done = await waitForEnd(t.app, u.cookie, started(res.body).generation.id);
    expect(done.generation.status).toBe('completed');
    expect(await viewsOf(u.userId)).toEqual([{ view: 'front', from: 'chosen' }]);
  }, 120_000);
});
