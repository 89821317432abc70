/** The api role: mail, storage and authentication wired into the HTTP app, listening on PORT. */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildApp } from './app';
import { createAuth } from './modules/auth/auth';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { createMailer } from './modules/mail/mailer';
import { createStorage } from './modules/storage/create-storage';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';
import { StartupError, errorCode } from './lib/startup-error';
import { VERSION } from './lib/version';

async function listen(app: FastifyInstance, config: Config) {
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

/** Builds the app; `onBuilt` hands it over before listening, so a failed listen still closes it. */
export async function startApi(
  config: Config,
  database: Database,
  logger: Logger,
  onBuilt: (app: FastifyInstance) => void,
  { queueReady }: { queueReady?: (() => Promise<void>) | undefined } = {},
): Promise<string> {
  const webDistDir =
    config.webDistDir ??
    (fs.existsSync(`${DEFAULT_WEB_DIST_DIR}/index.html`) ? DEFAULT_WEB_DIST_DIR : undefined);
  if (!webDistDir) logger.warn('the web app is not built: serving the API only (npm run build builds it)');
  const mailer = createMailer(config, logger);
  const secret = resolveAuthSecret(config.auth.secret, config.dataDir);
  const auth = createAuth({ config, database, mailer, logger, secret });
  const app = await buildApp({
    config: { ...config, webDistDir },
    database,
    version: VERSION,
    mailer,
    storage: createStorage(config),
    auth,
    secret,
    ...(queueReady && { queueReady }),
  });
  onBuilt(app);
  return listen(app, config);
}
