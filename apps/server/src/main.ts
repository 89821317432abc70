/**
 * Entry point. Starts the roles named by ROLE (all, api or worker) on one database, and shuts down
 * cleanly on SIGINT or SIGTERM. A problem an operator can fix ends the process with one clear line.
 */
import fs from 'node:fs';
import pino, { type Logger } from 'pino';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { buildApp } from './http/app';
import { createAuth } from './modules/auth/auth';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { createMailer } from './modules/mail/mailer';
import { startWorker, type Worker } from './jobs/worker';
import { loggerOptions } from './logger';
import { lockDataDir, prepareDataDir, type DataDirLock } from './lib/data-dir';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';
import { StartupError, describeError, errorCode } from './lib/startup-error';
import { VERSION } from './lib/version';

type App = Awaited<ReturnType<typeof buildApp>>;
type Running = {
  config: Config;
  logger: Logger;
  lock?: DataDirLock;
  database?: Database;
  app?: App;
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

async function listen(app: App, config: Config) {
  try {
    return await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EADDRINUSE')
      throw new StartupError(
        `Port ${config.port} on ${config.host} is already in use (set PORT to another one).`,
      );
    if (code === 'EACCES')
      throw new StartupError(`Not allowed to listen on port ${config.port} (set PORT above 1023).`);
    if (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL')
      throw new StartupError(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }
}

async function start(running: Running) {
  const { config, logger } = running;
  prepareDataDir(config.dataDir);
  if (!config.databaseUrl) running.lock = lockDataDir(config.dataDir);
  const database = (running.database = await openDatabase(config));
  await migrateDatabase(database);

  if (config.role === 'all' || config.role === 'worker') {
    running.worker = await startWorker(database, logger);
  }
  if (config.role === 'all' || config.role === 'api') {
    const webDistDir =
      config.webDistDir ??
      (fs.existsSync(`${DEFAULT_WEB_DIST_DIR}/index.html`) ? DEFAULT_WEB_DIST_DIR : undefined);
    if (!webDistDir) logger.warn('the web app is not built: serving the API only (npm run build builds it)');
    const mailer = createMailer(config, logger);
    const auth = createAuth({
      config,
      database,
      mailer,
      logger,
      secret: resolveAuthSecret(config.auth.secret, config.dataDir),
    });
    running.app = await buildApp({
      config: { ...config, webDistDir },
      database,
      version: VERSION,
      mailer,
      auth,
    });
    const address = await listen(running.app, config);
    logger.info(
      { address, publicUrl: config.publicUrl, database: database.kind, role: config.role, version: VERSION },
      `Vitrine is ready at ${config.publicUrl}`,
    );
  } else {
    logger.info({ database: database.kind, role: config.role, version: VERSION }, 'Vitrine worker is ready');
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
  try {
    await start(running);
  } catch (error) {
    await stop({ ...running, config: { ...config, shutdownTimeoutMs: 0 } }).catch(() => {});
    if (error instanceof StartupError) fail(error.message);
    fail(`failed to start: ${describeError(error)}`);
  }

  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    await stop(running);
    running.logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void onSignal(signal));
  process.once('SIGTERM', (signal) => void onSignal(signal));
}

await main();
