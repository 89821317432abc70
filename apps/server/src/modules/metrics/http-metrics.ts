/**
 * Every answered request observed in vitrine_http_request_duration_seconds, labelled by its route's
 * pattern (`/api/generations/:id`), never by its address: labels stay few whatever clients ask for.
 */
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './metrics';

/** What answered a request that no route matched (the 404 handler, a malformed address). */
export const UNMATCHED = 'unmatched';

export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // routeOptions.url is the pattern of the route that matched; the 404 handler has none.
    const route = request.routeOptions.url;
    httpRequestDuration.observe(
      { method: request.method, route: route ?? UNMATCHED, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
