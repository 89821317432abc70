/**
 * Shared by the editor's integration tests: an app with a worker whose renders are two tiny variants
 * (what is tested is the editor's storage, not the engine), two users, Alice's finished generation, a
 * logo, and helpers for the edit routes. Values are live bindings, set once `useEditorApp()`'s
 * beforeAll has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  TEXT_DEFAULTS,
  type EditorDocument,
  type EditorDocumentResponse,
  type TextLayer,
} from '@vitrine/shared/api/editor';
import type { Worker } from '../../src/jobs/worker';
import type { Renderer } from '../../src/modules/generations/render';
import { storageDir } from '../../src/modules/storage/storage';
import { signedInUser, type SignedInUser } from './factories';
import { startExpress, started, waitForEnd } from './generations';
import { multipartFile } from './multipart';
import { anotherCopy } from './sample-images';
import { createTestApp, startTestWorker, type TestApp } from './test-app';

export type User = SignedInUser;

export let t: TestApp;
let worker: Worker | undefined;
/** Released by a test to let a held render finish. */
let release: (() => void) | undefined;
let hold = false;

/** Renders wait (hold) until released, to observe a generation still running. */
export function holdRenders(on: boolean): void {
  hold = on;
  if (!on) release?.();
}
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

export let alice: User;
export let bob: User;
/** Alice's finished generation: its id, and its result's id (as History lists it). */
export let generationId: string;
export let resultId: string;
export let logoPng: Buffer;

/** Starts the app, the worker, the users and Alice's generation for the calling test file. */
export function useEditorApp(): void {
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
    alice = await signedInUser(t.app, 'alice-editor@example.test');
    bob = await signedInUser(t.app, 'bob-editor@example.test');
    const done = await finishedGeneration(alice);
    generationId = done.generation.id;
    resultId = done.result!.id;
  });
  afterAll(async () => {
    release?.();
    await worker?.stop(2000);
    await t.close();
  });
}

export async function finishedGeneration(user: User) {
  const res = await startExpress(t.app, user.cookie, { style: 'vintage', format: 'square', variants: 2 });
  expect(res.statusCode, res.body).toBe(202);
  const done = await waitForEnd(t.app, user.cookie, started(res.body).generation.id);
  expect(done.generation.status).toBe('completed');
  expect(done.result!.images).toHaveLength(2);
  return done;
}

export const editUrl = (id: string, query = 'image=0') => `/api/generations/${id}/edit?${query}`;

export function getEdit(cookie: string | undefined, url: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
  });
}

export function putEdit(
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

export async function saved(
  cookie: string,
  url: string,
  body: EditorDocument,
): Promise<EditorDocumentResponse> {
  const res = await putEdit(cookie, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function read(cookie: string, url: string): Promise<EditorDocumentResponse> {
  const res = await getEdit(cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const text = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: '1767225600000',
  text: 'Soldes d’été −30 %',
  x: 50,
  y: 82.5,
  ...TEXT_DEFAULTS,
  ...overrides,
});

let logoCopies = 0;

/** Uploads a logo: by default a copy of the test logo no earlier call sent, so a new upload each time. */
export async function uploadLogo(
  user: User,
  role = 'logo',
  body = anotherCopy(logoPng, ++logoCopies),
): Promise<string> {
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

export async function editRows(userId: string) {
  return t.database.query<{ image_index: number; document: EditorDocument }>(
    `select image_index, document from generation_edits where user_id = $1 order by image_index`,
    [userId],
  );
}

export async function storageKeyOf(uploadId: string) {
  const [row] = await t.database.query<{ storage_key: string }>(
    `select storage_key from uploads where id = $1`,
    [uploadId],
  );
  return row?.storage_key;
}

export const fileExists = (key: string) => fs.existsSync(path.join(storageDir(t.config.dataDir), key));
