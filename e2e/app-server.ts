/** The built app, started as `npm start` would run it, on a free port and a temporary DATA_DIR. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../apps/server/test/helpers/free-port';
import { startServer, type ServerProcess } from '../apps/server/test/helpers/server-process';
// The provided template's name and type (a module augmentation of vitest's).
import type {} from './global-setup';

export type AppUnderTest = ServerProcess & { dataDir: string; close(): Promise<void> };

/** The run's migrated database (e2e/global-setup.ts); none outside the browser tests (a benchmark). */
function databaseTemplate(): string | null {
  try {
    return inject('e2eDatabaseTemplate') ?? null;
  } catch {
    return null;
  }
}

/** A new data directory, holding a copy of the run's migrated database when there is one. */
function newDataDir(): string {
  const template = databaseTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  if (template) fs.cpSync(template, path.join(dir, 'db'), { recursive: true });
  return dir;
}

/** `dataDir`: the data directory of an app stopped earlier (`stop()`), to start again on the same data. */
export async function startApp(
  env: Record<string, string> = {},
  dataDir: string | null = null,
): Promise<AppUnderTest> {
  const dist = path.resolve('apps/web/dist/index.html');
  if (!fs.existsSync(dist))
    throw new Error('The web app is not built: run "npm run build" before the browser tests.');
  const dir = dataDir ?? newDataDir();
  // PUBLIC_URL must be the address the browser uses: the server refuses writes from any other origin.
  const port = await freePort();
  const server = await startServer(
    { DATA_DIR: dir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    { entry: 'bundle' },
  );
  return {
    ...server,
    dataDir: dir,
    async close() {
      await server.stop('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
