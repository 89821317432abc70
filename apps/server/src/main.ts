/**
 * Entry point. Starts the roles named by ROLE (all, api or worker) on one database, and shuts down
 * cleanly on SIGINT or SIGTERM (one received while starting, once started). A problem an operator can
 * fix ends the process with one clear line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { isNone } from '@vitrine/engine/cutout/model-config';
// Before anything can draw text: the shipped faces become part of fontconfig's configuration for the
// life of the process (docs/decisions/035).
import { FONT_SETUP } from '@vitrine/engine/local/text/fonts';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import type { Worker } from './jobs/worker';
import type { Storage } from './modules/storage/storage';
import { loggerOptions } from './logger';
import { lockDataDir, prepareDataDir, type DataDirLock } from './lib/data-dir';
import { assertStorageReachable } from './modules/storage/create-storage';
import { StartupError, describeError } from './lib/startup-error';
import { VERSION } from './lib/version';

type Running = {
  config: Config;
  logger: Logger;
  lock?: DataDirLock;
  database?: Database;
  app?: FastifyInstance;
  worker?: Worker;
};

function fail(message: string): never {
  process.stderr.write(`vitrine: ${message}\n`);
  process.exit(1);
}

function loadConfig(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function start(running: Running) {
  const { config, logger } = running;
  const api = config.role === 'all' || config.role === 'api';
  const worker = config.role === 'all' || config.role === 'worker';
  // Everything the server writes (database, uploads, outbox, auth secret) is readable by its owner only.
  process.umask(0o077);
  prepareDataDir(config.dataDir);
  if (!config.databaseUrl) running.lock = lockDataDir(config.dataDir);
  // The roles' modules load while the database opens (PGlite compiles its WebAssembly off the main
  // thread), which takes a good part off the start-up time.
  const databaseReady = openDatabase(config);
  const modules = Promise.all([
    api ? import('./api-role') : undefined,
    worker ? import('./jobs/worker') : undefined,
  ]);
  // A bucket that cannot be reached stops the start with its reason, before any upload is taken.
  const storageChecked = assertStorageReachable(config);
  modules.catch(() => {}); // a failure is reported where it is awaited below
  storageChecked.catch(() => {});
  const database = (running.database = await databaseReady);
  const [apiRole, workerRole] = await modules;
  await storageChecked;
  await migrateDatabase(database);

  const deps = workerRole?.workerDeps(config, logger);
  const startingWorker =
    workerRole && deps && (await workerRole.beginWorker(database, logger, deps, config.queue));
  // Ready once the worker's queue has started and answers (GET /api/health/ready).
  const queueReady = startingWorker
    ? () => running.worker?.ready() ?? Promise.reject(new Error('the job queue has not started'))
    : undefined;
  // The site is served first; the jobs' queue starts right after (a few hundred milliseconds of queries),
  // and a generation asked for meanwhile waits in the queue for it.
  const address =
    apiRole &&
    (await apiRole.startApi(config, database, logger, (app) => (running.app = app), { queueReady }));
  // A worker alone serves its metrics and health on a port of its own, when METRICS_PORT names one.
  const metricsAddress =
    !apiRole && deps && queueReady && config.metrics.port !== undefined
      ? await startWorkerHttp(running, deps.storage, queueReady, config.metrics.port)
      : undefined;
  if (startingWorker) running.worker = await startingWorker.start();
  if (FONT_SETUP.mode === 'registered') {
    logger.warn(
      { reason: FONT_SETUP.reason },
      'the typefaces could not be added to the font configuration: each text registers its own, and is checked',
    );
  }
  // `npm install` puts the cut-out model in place; an install that could not fetch it said so, and so
  // does every start until it is there (CUTOUT_MODEL=none says it is not wanted).
  if (!config.cutoutModel && !isNone(process.env.CUTOUT_MODEL ?? '')) {
    logger.warn(
      'no cut-out model is installed: products are cut out by the engine alone, less accurately; `npm run cutout-model` installs it',
    );
  }
  if (address && config.trustProxy === true) {
    // proxy-addr takes the first X-Forwarded-For entry when every hop is trusted, and a proxy that
    // appends to the header (nginx's $proxy_add_x_forwarded_for) keeps whatever the client put first.
    logger.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry: behind a proxy that appends to the header (nginx does), each client chooses its own rate-limit bucket; set TRUST_PROXY to the number of proxies in front (1 for one nginx) or to their addresses',
    );
  }
  if (address) {
    logger.info(
      {
        address,
        publicUrl: config.publicUrl,
        database: database.kind,
        role: config.role,
        payments: config.payments.kind,
        storage: config.storage.kind,
        cutoutModel: config.cutoutModel ? path.basename(config.cutoutModel.path) : null,
        version: VERSION,
        startupMs: Math.round(performance.now()),
      },
      `Vitrine is ready at ${config.publicUrl}`,
    );
    if (config.payments.kind === 'local') {
      logger.warn(
        'payments are in local test mode: plans are granted without charging; set STRIPE_* to take payments',
      );
    } else if (config.payments.kind === 'off') {
      logger.warn('payments are off: no STRIPE_* keys on a public site, so plans cannot be bought');
    }
  } else {
    logger.info(
      { database: database.kind, role: config.role, metricsAddress, version: VERSION },
      'Vitrine worker is ready',
    );
  }
}

/** ROLE=worker's listener for /metrics and /api/health/* (docs/decisions/065). */
async function startWorkerHttp(
  running: Running,
  storage: Storage,
  queueReady: () => Promise<void>,
  port: number,
): Promise<string> {
  const { buildWorkerHttp, listenWorkerHttp } = await import('./worker-http');
  const { config, database } = running;
  const app = (running.app = await buildWorkerHttp({ config, database: database!, storage, queueReady }));
  return listenWorkerHttp(app, config, port);
}

/**
 * Once the server is ready, the image engine warms up in the background (its threads, OpenCV, fonts), so
 * that the first product photo's cut-out and the first generation do not pay for it. A worker drawing
 * with another provider, or without render threads, warms only the cut-out, which every provider uses.
 * A failure costs nothing but a slower first use.
 */
async function warmUpInBackground({ config, logger }: Running) {
  // Without render threads (RENDER_THREADS=0) the drawing would hold the server's own thread.
  const render = config.role !== 'api' && config.imageProvider.kind === 'local' && config.renderThreads > 0;
  try {
    const [{ warmUpEngine }, { configureRenderThreads }] = await Promise.all([
      import('@vitrine/engine/local/warm-up'),
      import('@vitrine/engine/local/threads'),
    ]);
    await configureRenderThreads(config.renderThreads, config.engineIdleMs);
    const report = await warmUpEngine({ render, model: config.cutoutModel ?? null });
    logger.info(report, 'the image engine is warm');
  } catch (error) {
    logger.warn({ err: error }, 'the image engine could not warm up: it will start on first use');
  }
}

/**
 * In-flight requests and running jobs get SHUTDOWN_TIMEOUT_MS to finish; then remaining connections are
 * cut, and a job left unfinished is retried by the next worker.
 */
async function stop(running: Running) {
  const { config, logger, app, worker, database, lock } = running;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs);
  });
  const stopped = Promise.all([
    app?.close(),
    worker
      ?.stop(config.shutdownTimeoutMs)
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the worker failed')),
  ]).then(() => 'stopped' as const);
  if ((await Promise.race([stopped, deadline])) === 'timeout') {
    logger.warn('still busy after the shutdown timeout: closing remaining connections');
    app?.server.closeAllConnections();
  }
  clearTimeout(timer);
  await database
    ?.close()
    .catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
  lock?.release();
}

async function main() {
  const config = loadConfig();
  const running: Running = { config, logger: pino(loggerOptions(config.logLevel)) };
  // A signal during start-up is kept until the start is over, then handled like any other: stopping
  // half-way would leave the database open and the data directory locked. A second signal during
  // start-up ends the process at once, as it would without these handlers. Once started, a signal
  // repeated while the server stops (a supervisor signalling the whole process group, npm start's
  // launcher passing it on) is ignored: the clean stop goes on.
  let started = false;
  // Set from a signal handler: typed by hand, or TypeScript would take it for always null below.
  let signalled = null as NodeJS.Signals | null;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    await stop(running);
    running.logger.info('stopped');
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return void shutdown(signal);
    signalled = signal;
    // Whatever the next signal, it ends the process at once.
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    running.logger.info(
      { signal },
      'signal received while starting: stopping once started (send it again to stop now)',
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await start(running);
  } catch (error) {
    await stop({ ...running, config: { ...config, shutdownTimeoutMs: 0 } }).catch(() => {});
    if (error instanceof StartupError) fail(error.message);
    fail(`failed to start: ${describeError(error)}`);
  }
  started = true;
  if (signalled) await shutdown(signalled);
  else if (config.engineWarmUp) void warmUpInBackground(running);
}

await main();
