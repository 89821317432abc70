import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse, LiveResponse, ReadyResponse } from '@vitrine/shared/api/health';
import { ping } from '../../db/ping';
import { AppError } from '../../http/app-error';
import { readiness, type ReadinessProbes } from './readiness';

/** GET /api/health: healthy only after a real round trip to the database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply): Promise<HealthResponse> => {
    const { database, version } = app.deps;
    try {
      await ping(database);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version, database: database.kind };
  });
};

/**
 * For orchestrators (docs/decisions/065). GET /api/health/live: the process answers, nothing else is
 * touched. GET /api/health/ready: each of `probes` tried now; 503 naming those that are down.
 */
export const probeRoutes =
  (probes: ReadinessProbes): FastifyPluginAsync =>
  async (app) => {
    app.get('/health/live', async (_request, reply): Promise<LiveResponse> => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' };
    });
    app.get('/health/ready', async (request, reply): Promise<ReadyResponse> => {
      const body = await readiness(probes, (check, error) =>
        request.log.error({ err: error, check }, 'readiness: a dependency is down'),
      );
      reply.header('cache-control', 'no-store').status(body.down.length ? 503 : 200);
      return body;
    });
  };
