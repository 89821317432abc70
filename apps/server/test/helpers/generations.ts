/** Helpers for generation tests: real photos to upload, starting generations and waiting for them. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { GenerationDetail, StartResponse, Usage } from '@vitrine/shared/api/generations';
import { storageDir } from '../../src/modules/storage/storage';
import { createVerifiedUser } from './accounts';
import type { TestApp } from './test-app';

/** A studio product shot: a terracotta bottle with a label on a plain light background. */
export function productJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#f4f2ee"/>
    <rect x="250" y="90" width="100" height="140" rx="14" fill="#7a2e1c"/>
    <rect x="170" y="200" width="260" height="520" rx="60" fill="#b5462a"/>
    <rect x="200" y="400" width="200" height="120" fill="#fbf3e4"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A context photo: a sunny wall above a wooden table. */
export function contextJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e9d7bd"/><stop offset="1" stop-color="#c9a57f"/></linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#wall)"/>
    <rect y="700" width="1600" height="367" fill="#8a5a36"/>
    <rect y="700" width="1600" height="12" fill="#6d4327"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export function multipartFile(name: string, body: Buffer, type = 'image/jpeg') {
  const boundary = '----vitrine-generation-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadImage(app: FastifyInstance, cookie: string, name: string, body: Buffer) {
  const { payload, headers } = multipartFile(name, body);
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, cookie },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { id: string }).id;
}

export const fusionOptions = {
  position: 'gauche',
  style: 'vintage',
  palette: 'chaude',
  slogan: 'Le goût du vrai',
  tagline: 'Torréfié à Lyon depuis 1952',
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
      const user = await createVerifiedUser(t.app, email);
      const productUploadId = await uploadImage(t.app, user.cookie, 'bouteille.jpg', images.product);
      const contextUploadId = await uploadImage(t.app, user.cookie, 'table.jpg', images.context);
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
