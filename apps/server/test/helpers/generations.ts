/** Helpers for generation tests: real photos to upload, starting generations and waiting for them. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GenerationDetail, StartResponse, Usage } from '@vitrine/shared/api/generations';
import { storageDir } from '../../src/modules/storage/storage';
import { signedInUser, uploaded } from './factories';
import { multipartFile } from './multipart';

export { multipartFile };
export { contextJpeg, productJpeg } from './sample-images';
import type { TestApp } from './test-app';

export const fusionOptions = {
  position: 'gauche',
  style: 'vintage',
  palette: 'chaude',
  slogan: 'Le goût du vrai',
  tagline: 'Torréfié à Lyon depuis 1952',
  productName: 'Café de spécialité',
  typography: 'élégant',
  format: 'story',
};

export function startFusion(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
  lang = 'fr',
) {
  return app.inject({
    method: 'POST',
    url: '/api/generations/fusion',
    headers: { cookie, 'accept-language': lang },
    payload: { ...fusionOptions, ...body },
  });
}

export function startExpress(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
  lang = 'fr',
) {
  return app.inject({
    method: 'POST',
    url: '/api/generations/express',
    headers: { cookie, 'accept-language': lang },
    payload: body,
  });
}

export async function detail(app: FastifyInstance, cookie: string, id: string): Promise<GenerationDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/generations/${id}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`detail failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Polls until the generation is completed or failed (or throws after `timeoutMs`). */
export async function waitForEnd(app: FastifyInstance, cookie: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const d = await detail(app, cookie, id);
    if (d.generation.status === 'completed' || d.generation.status === 'failed') return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`generation ${id} did not finish`);
}

export const started = (body: string) => JSON.parse(body) as StartResponse;

/** Per-app helpers: a user with a product and a context uploaded, their usage, records and files. */
export function generationKit(t: TestApp, images: { product: Buffer; context: Buffer }) {
  return {
    async userWithUploads(email: string) {
      const user = await signedInUser(t.app, email);
      const productUploadId = await uploaded(t.app, user.cookie, {
        name: 'bouteille.jpg',
        bytes: images.product,
      });
      const contextUploadId = await uploaded(t.app, user.cookie, {
        name: 'table.jpg',
        bytes: images.context,
      });
      return { ...user, productUploadId, contextUploadId, uploads: { productUploadId, contextUploadId } };
    },
    async usage(cookie: string): Promise<Usage> {
      return (await t.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie } })).json();
    },
    rows(userId: string) {
      return t.database.query<{ status: string; error_message: string | null; credit_reserved: boolean }>(
        `select status, error_message, credit_reserved from background_generations
         where user_id = $1 order by created_at`,
        [userId],
      );
    },
    storedFiles(userId: string): string[] {
      const dir = path.join(storageDir(t.config.dataDir), userId);
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    },
  };
}
