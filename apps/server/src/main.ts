/**
 * Entry point. Starts the roles named by ROLE (all, api or worker) on one database, and shuts down
 * cleanly on SIGINT or SIGTERM. A problem an operator can fix ends the process with one clear line.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { buildApp } from './http/app';
import { loggerOptions } from './logger';
import { lockDataDir, prepareDataDir, type DataDirLock } from './lib/data-dir';
import { StartupError, describeError, errorCode } from './lib/startup-error';
import { VERSION } from './lib/version';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

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

async function listen(app: Awaited<ReturnType<typeof buildApp>>, config: Config) {
  try {
    return await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EADDRINUSE') throw new StartupError(`Port ${config.port} on ${config.host} is already in use (set PORT to another one).`);
    if (code === 'EACCES') throw new StartupError(`Not allowed to listen on port ${config.port} (set PORT above 1023).`);
    if (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL') throw new StartupError(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }
}

async function main() {
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel));
  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  try {
    prepareDataDir(config.dataDir);
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
    database = await openDatabase(config);
    await migrateDatabase(database);

    if (config.role === 'all' || config.role === 'api') {
      const webDistDir = config.webDistDir ?? (fs.existsSync(`${DEFAULT_WEB_DIST}/index.html`) ? DEFAULT_WEB_DIST : undefined);
      if (!webDistDir) logger.warn('the web app is not built: serving the API only (npm run build builds it)');
      app = await buildApp({ config: { ...config, webDistDir }, database, version: VERSION });
      const address = await listen(app, config);
      logger.info({ address, publicUrl: config.publicUrl, database: database.kind, role: config.role, version: VERSION }, `Vitrine is ready at ${config.publicUrl}`);
    }
  } catch (error) {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    lock?.release();
    if (error instanceof StartupError) fail(error.message);
    fail(`failed to start: ${describeError(error)}`);
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // In-flight requests get SHUTDOWN_TIMEOUT_MS to finish; then their connections are cut.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs);
    });
    if (app) {
      const outcome = await Promise.race([app.close().then(() => 'closed' as const), deadline]);
      if (outcome === 'timeout') {
        logger.warn('requests still running after the shutdown timeout: closing their connections');
        app.server.closeAllConnections();
      }
    }
    clearTimeout(timer);
    await database?.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
    lock?.release();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
}

await main();
