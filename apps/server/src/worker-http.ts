/**
 * A worker's own small listener (ROLE=worker with METRICS_PORT): /metrics and /api/health/live and
 * ready, nothing else, so Prometheus and an orchestrator can watch a process that serves no site.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { ping } from './db/ping';
import { installErrorHandler, sendError } from './http/error-handler';
import { loggerOptions } from './logger';
import { probeRoutes } from './modules/health/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { probeStorage, type Storage } from './modules/storage/storage';
import { StartupError, errorCode } from './lib/startup-error';

export type WorkerHttpDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  /** The worker's queue answers, or this throws; before the worker has started, it throws. */
  queueReady: () => Promise<void>;
};

export async function buildWorkerHttp({
  config,
  database,
  storage,
  queueReady,
}: WorkerHttpDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config.logLevel), return503OnClosing: true });
  installErrorHandler(app, 1024);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND'));
  await app.register(metricsRoutes({ database, token: config.metrics.token }));
  await app.register(
    probeRoutes({
      database: () => ping(database),
      storage: () => probeStorage(storage),
      queue: queueReady,
    }),
    { prefix: '/api' },
  );
  return app;
}

/** Listens on HOST:METRICS_PORT; an operator's mistake (port taken) stops the start with one line. */
export async function listenWorkerHttp(app: FastifyInstance, config: Config, port: number): Promise<string> {
  try {
    return await app.listen({ port, host: config.host });
  } catch (error) {
    if (errorCode(error) === 'EADDRINUSE')
      throw new StartupError(`METRICS_PORT ${port} on ${config.host} is already in use.`);
    throw error;
  }
}
