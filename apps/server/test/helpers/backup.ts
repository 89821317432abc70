/**
 * Helpers for backup tests: a test app seen as an instance to back up, an empty one to restore into,
 * what their tables and storage hold, archives changed on purpose, and the commands run as processes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MANIFEST_NAME } from '../../src/backup/manifest';
import type { Instance } from '../../src/backup/instance';
import type { Queryable } from '../../src/db/client';
import { createLocalStorage, readAll, storageDir, type Storage } from '../../src/modules/storage/storage';
import { readTar, writeTar, type TarSource } from '../../src/lib/tar';
import { REPO_ROOT } from './server-process';
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

/** The archive written again with its manifest changed, without the entries `drop` names. */
export async function rewriteManifest(
  file: string,
  change: (manifest: Record<string, unknown>) => void,
  drop: string[] = [],
): Promise<string> {
  const entries: TarSource[] = [];
  for await (const entry of readTar(Readable.from([fs.readFileSync(file)]))) {
    if (drop.includes(entry.name)) continue;
    const parts: Buffer[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    let body = Buffer.concat(parts);
    if (entry.name === MANIFEST_NAME) {
      const manifest = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      change(manifest);
      body = Buffer.from(JSON.stringify(manifest));
    }
    entries.push({ name: entry.name, size: body.length, body });
  }
  const out = archivePath('changed.tar');
  const chunks: Buffer[] = [];
  for await (const chunk of writeTar(entries)) chunks.push(chunk);
  fs.writeFileSync(out, Buffer.concat(chunks));
  return out;
}

const CLI = (name: 'backup' | 'restore') =>
  fileURLToPath(new URL(`../../src/cli/${name}.ts`, import.meta.url));

/** Runs `npm run backup` or `npm run restore`'s program with the environment given, and no other. */
export function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI(name), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
