/**
 * Refuses state-changing API requests sent by another site. Browsers name the page's origin in Origin
 * (or Sec-Fetch-Site); requests without either come from non-browser clients, which carry no ambient
 * cookies of a victim, so they pass.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== allowed) throw new AppError('FORBIDDEN_ORIGIN');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new AppError('FORBIDDEN_ORIGIN');
  });
}
