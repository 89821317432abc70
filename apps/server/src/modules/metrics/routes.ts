/**
 * GET /metrics in Prometheus' text format, for loopback clients and, from elsewhere, for those with
 * METRICS_TOKEN (access.ts). Served by the api role's app and by a worker's metrics listener.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { metricsAccess } from './access';
import { refreshDatabaseGauges } from './database-gauges';
import { registry } from './metrics';

export type MetricsOptions = { database: Database; token: string | undefined };

export const metricsRoutes =
  ({ database, token }: MetricsOptions): FastifyPluginAsync =>
  async (app) => {
    app.get('/metrics', async (request, reply) => {
      const access = metricsAccess(request.raw, token);
      // Answered as any address that leads nowhere.
      if (access === 'hidden') return reply.callNotFound();
      if (access === 'unauthorized') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED');
      }
      await refreshDatabaseGauges(database, (error) =>
        request.log.warn({ err: error }, 'metrics: the database gauges could not be read'),
      );
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  };
