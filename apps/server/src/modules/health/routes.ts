import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '@vitrine/shared/api/health';
import { ping } from '../../db/ping';
import { AppError } from '../../http/app-error';

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
