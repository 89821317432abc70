/**
 * Starting generations through the HTTP API on a real database: the contract's checks, the spec's
 * payload, the one-active rule, the free quota with its credit reserve and refund, cancel-all,
 * isolation between users, and the sweeper for renders that stopped reporting. Rendering itself is in
 * generations-render.int.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { generationSweeper } from '../src/jobs/definitions/generation-sweeper';
import { createLocalRenderer } from '../src/modules/generations/render';
import { storeWorkflowImage, workflowImageKey } from '../src/modules/generations/workflow';
import { createLocalStorage, storageDir } from '../src/modules/storage/storage';
import { signedInUser } from './helpers/factories';
import {
  contextJpeg,
  detail,
  generationKit,
  productJpeg,
  startExpress,
  startFusion,
  started,
} from './helpers/generations';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
let kit: ReturnType<typeof generationKit>;

beforeAll(async () => {
  kit = generationKit(t, { product: await productJpeg(), context: await contextJpeg() });
});

const userWithUploads = (email: string) => kit.userWithUploads(email);
const usage = (cookie: string) => kit.usage(cookie);
const rows = (userId: string) => kit.rows(userId);

describe('starting a generation (no worker yet)', () => {
  it('a visitor cannot generate: 401 “Veuillez vous connecter pour générer des images”', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generations/fusion', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Veuillez vous connecter pour générer des images');
  });

  it('checks every field against the shared contract and writes nothing when one is wrong', async () => {
    const u = await userWithUploads('fields@example.test');
    const res = await startFusion(
      t.app,
      u.cookie,
      { ...u.uploads, palette: 'arc-en-ciel', variants: 9, position: undefined },
      'en',
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({
      palette: 'Choose one of the options offered.',
      variants: 'The value is out of range.',
      position: expect.any(String),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/generations/express',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: '{"style": "techno",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    expect(await rows(u.userId)).toEqual([]);
    expect((await usage(u.cookie)).used).toBe(0);
  });

  it('another user’s uploads cannot be used: 404 and no generation', async () => {
    const alice = await userWithUploads('alice-gen@example.test');
    const bob = await signedInUser(t.app, 'bob-gen@example.test');
    const res = await startFusion(t.app, bob.cookie, alice.uploads, 'en');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('One of the images is no longer available. Upload it again.');
    expect(await rows(bob.userId)).toEqual([]);
  });

  it('a new record is created as processing with progress 10 and the spec’s payload', async () => {
    const u = await userWithUploads('payload@example.test');
    const res = await startFusion(t.app, u.cookie, u.uploads);
    expect(res.statusCode).toBe(202);
    const body = started(res.body);
    expect(body.generation).toMatchObject({ status: 'processing', progress: 10, mode: 'fusion' });
    expect(body.usage).toMatchObject({ plan: 'free', used: 1, limit: 3, remaining: 2 });
    const [row] = await t.database.query<{ webhook_data: Record<string, unknown> }>(
      `select webhook_data from background_generations where id = $1`,
      [body.generation.id],
    );
    expect(row!.webhook_data).toEqual({
      imageProduit: `/api/uploads/${u.productUploadId}/file`,
      imageContexte: `/api/uploads/${u.contextUploadId}/file`,
      positionProduit: 'gauche',
      styleRendu: 'vintage',
      paletteCouleur: 'chaude',
      sloganPrincipal: 'Le goût du vrai',
      taglineSecondaire: 'Torréfié à Lyon depuis 1952',
      nomProduit: 'Café de spécialité',
      styleTypo: 'élégant',
      formatImage: 'story',
      tailleProduit: 'normal',
      orientationProduit: 'normale',
      niveauIntegration: 'immersif',
      flouContexte: 'net',
      ageAudience: 'adultes',
      genreAudience: 'non spécifique',
      niveauSophistication: 'grand public',
      usageImage: 'affiche',
      backgroundGenerationId: body.generation.id,
      user_id: u.userId,
    });
  });

  it('one active generation per user: 20 parallel starts, exactly one accepted, the others 409', async () => {
    const u = await userWithUploads('parallel@example.test');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => startFusion(t.app, u.cookie, u.uploads, 'en')),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const refused = responses.find((r) => r.statusCode === 409)!.json();
    expect(refused.error).toMatchObject({
      code: 'ACTIVE_GENERATION',
      message: 'A generation is already in progress. Please wait for it to finish or cancel it.',
    });
    expect(await rows(u.userId)).toHaveLength(1);
    // Only the accepted start holds a credit.
    expect((await usage(u.cookie)).used).toBe(1);
  });

  it('cancel-all fails the active generation with “Annulé manuellement pour test” and gives the credit back', async () => {
    const u = await userWithUploads('cancel@example.test');
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled: 1, usage: { used: 0, remaining: 3 } });
    const d = await detail(t.app, u.cookie, generation.id);
    expect(d.generation).toMatchObject({ status: 'failed', errorMessage: 'Annulé manuellement pour test' });
    // Cancelling again changes nothing and refunds nothing twice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(again.json()).toMatchObject({ cancelled: 0, usage: { used: 0 } });
    // A new generation may start now.
    expect((await startFusion(t.app, u.cookie, u.uploads)).statusCode).toBe(202);
  });

  it('cancel-all removes the images a workflow already sent, even with no worker left to render them', async () => {
    const u = await userWithUploads('cancel-workflow@example.test');
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads)).body);
    // As left by a worker that took the job, received the workflow's callback, then stopped.
    const key = workflowImageKey(u.userId, generation.id, 0, 'jpg');
    await storeWorkflowImage(t.app.deps.storage, key, await contextJpeg());
    await t.database.query(
      `update background_generations set status = 'processing', workflow_result = $2 where id = $1`,
      [generation.id, JSON.stringify({ status: 'completed', keys: [key], digest: 'sent-before-the-stop' })],
    );
    const stored = path.join(storageDir(t.config.dataDir), key);
    expect(fs.existsSync(stored)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generations/cancel-all',
      headers: { cookie: u.cookie },
    });
    expect(res.json()).toMatchObject({ cancelled: 1, usage: { used: 0 } });
    expect(fs.existsSync(stored)).toBe(false);
    expect((await detail(t.app, u.cookie, generation.id)).generation).toMatchObject({ status: 'failed' });
  });

  it('user B can neither read, list, cancel nor delete anything of user A’s', async () => {
    const a = await userWithUploads('isolation-a@example.test');
    const b = await userWithUploads('isolation-b@example.test');
    const { generation } = started((await startFusion(t.app, a.cookie, a.uploads)).body);
    const as = (url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
      t.app.inject({ method, url, headers: { cookie: b.cookie } });
    expect((await as(`/api/generations/${generation.id}`)).statusCode).toBe(404);
    expect((await as('/api/generations/active')).json()).toMatchObject({ items: [] });
    expect((await as(`/api/uploads/${a.productUploadId}/file`)).statusCode).toBe(404);
    expect((await as(`/api/uploads/${a.productUploadId}`, 'DELETE')).statusCode).toBe(404);
    expect((await as('/api/generations/cancel-all', 'POST')).json()).toMatchObject({ cancelled: 0 });
    // A's generation and uploads are untouched.
    expect((await detail(t.app, a.cookie, generation.id)).generation.status).toBe('processing');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${a.productUploadId}/file`,
      headers: { cookie: a.cookie },
    });
    expect(own.statusCode).toBe(200);
    // A malformed id is simply not found.
    expect((await as('/api/generations/not-a-uuid')).statusCode).toBe(404);
  });

  it('a free account has 3 generations: the fourth gets 402 “Insufficient credits”, even in parallel', async () => {
    const u = await userWithUploads('quota@example.test');
    await t.database.query(
      `insert into user_subscription_info (user_id, free_generations_used) values ($1, 2)`,
      [u.userId],
    );
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'en'),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 202)).toHaveLength(1);
    expect((await usage(u.cookie)).used).toBe(3);
    await t.app.inject({ method: 'POST', url: '/api/generations/cancel-all', headers: { cookie: u.cookie } });
    await t.database.query(`update user_subscription_info set free_generations_used = 3 where user_id = $1`, [
      u.userId,
    ]);
    const res = await startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'en');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: "You don't have enough credits to generate an image. Please buy some.",
    });
    const fr = await startExpress(t.app, u.cookie, { style: 'moderne', format: 'square' }, 'fr');
    expect(fr.json().error.message).toBe(
      'Vous n’avez pas assez de crédits pour générer une image. Veuillez en acheter.',
    );
    expect(await usage(u.cookie)).toMatchObject({ used: 3, remaining: 0, canGenerate: false });
  });

  it('subscribers count their billing cycle (Starter 40), which starts one month before subscription_end', async () => {
    const u = await userWithUploads('starter@example.test');
    const end = new Date(Date.now() + 10 * 86_400_000);
    await t.database.query(
      `insert into user_subscription_info (user_id, has_subscription, subscription_tier, subscription_end)
       values ($1, true, 'Starter', $2)`,
      [u.userId, end.toISOString()],
    );
    const before = await usage(u.cookie);
    expect(before).toMatchObject({ plan: 'starter', limit: 40, used: 0, hasSubscription: true });
    const cycleStart = new Date(end);
    cycleStart.setUTCMonth(cycleStart.getUTCMonth() - 1);
    expect(before.cycleStart).toBe(cycleStart.toISOString());
    // The account page shows the renewal date: the subscription's end.
    expect(before.renewsAt).toBe(end.toISOString());
    expect((await startExpress(t.app, u.cookie, { style: 'naturel', format: 'post' })).statusCode).toBe(202);
    expect(await usage(u.cookie)).toMatchObject({ used: 1, remaining: 39 });
  });
});

describe('faults', () => {
  it('a generation whose worker stopped reporting is failed by the sweeper, credit back', async () => {
    const u = await userWithUploads('crash@example.test');
    const { generation } = started((await startFusion(t.app, u.cookie, u.uploads, 'en')).body);
    // As if the worker died mid-render ten minutes ago.
    await t.database.query(
      `update background_generations set updated_at = now() - interval '10 minutes' where id = $1`,
      [generation.id],
    );
    const summary = await generationSweeper.handle(
      {
        database: t.database,
        logger: pino({ level: 'silent' }),
        storage: createLocalStorage(storageDir(t.config.dataDir)),
        renderer: createLocalRenderer(),
      },
      {},
    );
    expect(summary).toEqual({ failed: 1 });
    const d = await detail(t.app, u.cookie, generation.id);
    expect(d.generation).toMatchObject({
      status: 'failed',
      errorMessage: 'The generation was interrupted. Your credit has been given back; please try again.',
    });
    expect(await usage(u.cookie)).toMatchObject({ used: 0 });
  });
});
