/**
 * A deletion never leaves a file behind for good (docs/decisions/072): an upload deleted while the
 * storage fails to remove its files is gone for its owner at once (204), its files are queued, and the
 * history retention job removes them once the storage answers again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHistoryRetention } from '../src/jobs/handlers/history-retention';
import type { Storage } from '../src/modules/storage/storage';
import { signedInUser, uploaded } from './helpers/factories';
import { productJpeg } from './helpers/generations';
import { storedKeysOf } from './helpers/stored-keys';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storage = () => t.app.deps.storage as Storage;

const keysOf = (owner: string) => storedKeysOf(storage(), owner);

describe('files whose removal failed', () => {
  it('are queued when an upload is deleted while the storage fails, and removed by the retention job', async () => {
    const user = await signedInUser(t.app, 'averse@example.test');
    const id = await uploaded(t.app, user.cookie, { name: 'bouteille.jpg', bytes: await productJpeg() });
    // Its preview too: two files.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/thumb.webp`,
      headers: { cookie: user.cookie },
    });
    expect(preview.statusCode).toBe(200);
    const files = await keysOf(user.userId);
    expect(files.length).toBeGreaterThanOrEqual(2);

    const remove = storage().remove;
    storage().remove = () => Promise.reject(new Error('the bucket is away'));
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/uploads/${id}`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(204);
    } finally {
      storage().remove = remove;
    }
    // Gone for its owner; its files are still there, and queued.
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/file`,
      headers: { cookie: user.cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect(await keysOf(user.userId)).toEqual(files);
    const queued = await t.database.query<{ storage_key: string }>(
      `select storage_key from files_to_remove order by 1`,
    );
    expect(queued.map((row) => row.storage_key)).toEqual(files);

    const summary = await applyHistoryRetention(
      { database: t.database, storage: storage() },
      new Date().toISOString(),
    );
    expect(summary.deletedFiles).toBe(files.length);
    expect(await keysOf(user.userId)).toEqual([]);
    expect(await t.database.query(`select * from files_to_remove`)).toEqual([]);
  });
});
