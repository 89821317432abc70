/** Helpers for backup tests: a test app seen as an instance to back up, and what its tables hold. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Instance } from '../../src/backup/instance';
import type { Queryable } from '../../src/db/client';
import { createLocalStorage, readAll, storageDir, type Storage } from '../../src/modules/storage/storage';
import { createEmptyDatabase, type TestDatabase } from './test-db';
import type { TestApp } from './test-app';

/** The test app's database and storage; its auth secret is AUTH_SECRET, as the test config sets it. */
export function instanceOf(t: TestApp): Instance {
  return {
    database: t.database,
    storage: createLocalStorage(storageDir(t.config.dataDir)),
    storageKind: 'local',
    dataDir: t.config.dataDir,
    authSecretConfigured: true,
  };
}

/** A never-started instance: an empty database and an empty DATA_DIR. */
export async function emptyInstance(
  authSecretConfigured = true,
): Promise<Instance & { database: TestDatabase; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-restored-'));
  const database = await createEmptyDatabase();
  return {
    database,
    storage: createLocalStorage(storageDir(dataDir)),
    storageKind: 'local',
    dataDir,
    authSecretConfigured,
    async dispose() {
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const archivePath = (name: string) =>
  path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-archive-')), name);

/** Every row of a table as JSON text, sorted: two tables hold the same rows when these are equal. */
export async function tableContents(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from "${table}" t`);
  return rows.map((r) => r.row).sort();
}

/** Every stored file's bytes by key. */
export async function storedFiles(storage: Storage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for await (const key of storage.list!()) files.set(key, await readAll(storage, key));
  return files;
}
