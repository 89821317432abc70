/** The Fastify app on a fresh database, for integration tests that speak HTTP through inject(). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { parseConfig, type Config } from '../../src/config';
import pino from 'pino';
import { buildApp, type AppDeps } from '../../src/app';
import { createAuth } from '../../src/modules/auth/auth';
import { createMailer } from '../../src/modules/mail/mailer';
import { createStorage } from '../../src/modules/storage/create-storage';
import type { Renderer } from '../../src/modules/generations/render';
import { startWorker, workerDeps, type Worker } from '../../src/jobs/worker';
import type { SafeFetchOptions } from '../../src/modules/uploads/safe-fetch';
import { createTestDatabase, type TestDatabase } from './test-db';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** The waits the sign-in guard asked for, in order; tests never sleep through them. */
  signInDelays: number[];
  close(): Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void,
  imageFetchOptions?: SafeFetchOptions,
  deps: Pick<AppDeps, 'eventStreamRecheckMs' | 'signInDelay' | 'queueReady'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
  return createTestAppOn(await createTestDatabase(), dataDir, env, configure, imageFetchOptions, deps);
}

/**
 * The app on a database and data directory made elsewhere (a restored backup's): closing it disposes
 * of both.
 */
export async function createTestAppOn(
  database: TestDatabase,
  dataDir: string,
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => void,
  imageFetchOptions?: SafeFetchOptions,
  { signInDelay, ...extra }: Pick<AppDeps, 'eventStreamRecheckMs' | 'signInDelay' | 'queueReady'> = {},
): Promise<TestApp> {
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer(config, logger);
  const auth = createAuth({ config, database, mailer, logger, secret: config.auth.secret! });
  const storage = createStorage(config);
  const signInDelays: number[] = [];
  const app = await buildApp({
    config,
    database,
    version: 'test',
    mailer,
    auth,
    storage,
    secret: config.auth.secret!,
    imageFetchOptions,
    signInDelay: (ms) => {
      signInDelays.push(ms);
      return signInDelay ? signInDelay(ms) : Promise.resolve();
    },
    ...extra,
  });
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    signInDelays,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app: started before its tests, closed after them. The object is filled in when the
 * file's first beforeAll runs, so read its fields inside tests and hooks, not at the top of the file.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(...args));
  });
  afterAll(() => handle.close());
  return handle;
}

/**
 * The worker role on the test app's database and storage, as the configuration makes it (the image
 * provider IMAGE_PROVIDER names, the real engine, the queue's maintenance interval), unless given
 * another renderer.
 */
export async function startTestWorker(t: TestApp, renderer?: Renderer): Promise<Worker> {
  return startWorker(
    t.database,
    pino({ level: 'silent' }),
    { ...workerDeps(t.config), ...(renderer && { renderer }) },
    { settings: t.config.queue },
  );
}
