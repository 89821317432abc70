/**
 * Backups (docs/decisions/067): an instance with accounts, a paid plan, a generation rendered by the real
 * worker, an editor edit and a generation still running is backed up, restored into a database and
 * DATA_DIR that were never started, and an app started on them finds everything through its API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_DEFAULTS, type EditorDocument } from '@vitrine/shared/api/editor';
import type { GenerationDetail, HistoryResponse } from '@vitrine/shared/api/generations';
import { createBackup, type BackupSummary } from '../src/backup/create-backup';
import { restoreBackup, type RestoreSummary } from '../src/backup/restore-backup';
import { backedUpTables } from '../src/db/dump';
import { PASSWORD, signIn, signUp, sessionOf } from './helpers/accounts';
import { archivePath, emptyInstance, instanceOf, storedFiles, tableContents } from './helpers/backup';
import { generation, signedInUser, type SignedInUser } from './helpers/factories';
import { startFusion, started, waitForEnd } from './helpers/generations';
import { useRenderingKit } from './helpers/rendering';
import { createTestAppOn, useTestApp, type TestApp } from './helpers/test-app';

const t = useTestApp();
const kit = useRenderingKit(t);

let alice: Awaited<ReturnType<ReturnType<typeof kit>['userWithUploads']>>;
let bob: SignedInUser;
let done: GenerationDetail;
let interruptedId: string;
const edit: EditorDocument = {
  version: 2,
  logo: null,
  texts: [{ id: '1767225600000', text: 'Soldes d’été −30 %', x: 50, y: 82.5, ...TEXT_DEFAULTS }],
};

let restored: TestApp;
let made: BackupSummary;
let restoreSummary: RestoreSummary;

const get = (app: TestApp, url: string, cookie?: string) =>
  app.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  // Alice: a verified account with a password, on the Pro plan (local test-mode checkout), with a
  // Fusion generation the real worker rendered and an edit saved in the editor.
  alice = await kit().userWithUploads('alice.backup@example.test');
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: { cookie: alice.cookie },
    payload: { plan: 'pro' },
  });
  const pay = new URL(checkout.json<{ url: string }>().url).pathname;
  const paid = await t.app.inject({
    method: 'POST',
    url: pay,
    headers: {
      cookie: alice.cookie,
      origin: new URL(t.config.publicUrl).origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'action=pay',
  });
  expect(paid.statusCode).toBe(303);
  const start = await startFusion(t.app, alice.cookie, {
    ...alice.uploads,
    format: 'marketplace',
    variants: 2,
  });
  expect(start.statusCode, start.body).toBe(202);
  done = await waitForEnd(t.app, alice.cookie, started(start.body).generation.id);
  expect(done.generation.status).toBe('completed');
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/generations/${done.generation.id}/edit?image=1`,
    headers: { cookie: alice.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(edit),
  });
  expect(put.statusCode, put.body).toBe(200);

  // Bob: a free account whose generation is still running when the backup is made.
  bob = await signedInUser(t.app, 'bob.backup@example.test');
  interruptedId = (await generation(t.database, bob.userId, 'processing')).id;
  // Carol signed up and never confirmed her address.
  expect((await signUp(t.app, { email: 'carol.backup@example.test' })).statusCode).toBe(201);

  const archive = archivePath('vitrine.tar.gz');
  made = await createBackup(instanceOf(t), archive, { version: 'test' });
  const target = await emptyInstance();
  restoreSummary = await restoreBackup(target, archive);
  restored = await createTestAppOn(target.database, target.dataDir);
});

afterAll(() => restored?.close());

describe('a backup restored into an instance that was never started (npm run backup / restore)', () => {
  it('brings back every row of every table, and only the running generation changes', async () => {
    expect(restoreSummary).toMatchObject({
      tables: backedUpTables().length,
      rows: made.rows,
      files: made.files,
      interrupted: 1,
    });
    for (const table of backedUpTables()) {
      const keep = (row: string) =>
        !(row.includes(interruptedId) || row.includes(`"user_id": "${bob.userId}"`));
      const before = await tableContents(t.database, table);
      const after = await tableContents(restored.database, table);
      if (table === 'background_generations' || table === 'user_subscription_info')
        expect(after.filter(keep), table).toEqual(before.filter(keep));
      else expect(after, table).toEqual(before);
    }
  });

  it('keeps every stored file byte for byte', async () => {
    const before = await storedFiles(instanceOf(t).storage);
    const after = await storedFiles(instanceOf(restored).storage);
    expect(before.size).toBeGreaterThanOrEqual(4); // two uploads, two variants at least
    expect(made.files).toBe(before.size);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [key, bytes] of before) expect(after.get(key)!.equals(bytes), key).toBe(true);
  });

  it('signs a verified account in with its password, and keeps its session signed in', async () => {
    const res = await signIn(restored.app, alice.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await signIn(restored.app, alice.email, 'Wrong-password-1')).statusCode).toBe(401);
    const session = await sessionOf(restored.app, alice.cookie);
    expect(session.json()).toMatchObject({ user: { email: alice.email } });
    // Carol never confirmed her address: still not, after the restore.
    expect((await signIn(restored.app, 'carol.backup@example.test')).statusCode).toBe(403);
  });

  it('lists the generation in History, and its images download identical to the original', async () => {
    const history: HistoryResponse = (await get(restored, '/api/history', alice.cookie)).json();
    expect(history.items.map((item) => item.id)).toEqual([done.result!.id]);
    const images = done.result!.images;
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const original = await get(t, image.url);
      const back = await get(restored, image.url);
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(original.rawPayload)).toBe(true);
    }
  });

  it('opens the saved edit in the editor as it was saved', async () => {
    const res = await get(restored, `/api/generations/${done.generation.id}/edit?image=1`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().document).toEqual(edit);
  });

  it('shows the paid plan in usage, and the subscription as it was', async () => {
    const before = (await get(t, '/api/usage', alice.cookie)).json();
    const after = (await get(restored, '/api/usage', alice.cookie)).json();
    expect(after).toMatchObject({ plan: 'pro', hasSubscription: true, used: 1 });
    expect(after).toEqual(before);
    const subscription = (await get(restored, '/api/billing/subscription', alice.cookie)).json();
    expect(subscription).toMatchObject({ subscribed: true, tier: 'pro' });
  });

  it('fails a generation that was running when the backup was made, and gives its credit back', async () => {
    const res = await get(restored, `/api/generations/${interruptedId}`, bob.cookie);
    expect(res.json().generation).toMatchObject({ status: 'failed' });
    expect((await get(restored, '/api/usage', bob.cookie)).json()).toMatchObject({ plan: 'free', used: 0 });
    expect((await get(t, '/api/usage', bob.cookie)).json()).toMatchObject({ used: 1 });
  });
});
