/**
 * Refuses state-changing requests sent by another site. Browsers name the page's origin in Origin
 * (or Sec-Fetch-Site); requests without either come from non-browser clients, which carry no ambient
 * cookies of a victim, so they pass. Routes declared with `config: { signedWebhook: true }` are exempt:
 * they act on no session and are authenticated by their signature, whatever client sends them.
 *
 * Every POST, PUT, PATCH and DELETE is checked, whatever its path: the decision is never made on how
 * the URL is spelled (`/%61pi/…` reaches the same route as `/api/…`), only on the route the router
 * matched, whose options say whether it is a signed webhook.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The route authenticates each request by its signature and uses no session. */
    signedWebhook?: boolean;
  }
}

export function installOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.signedWebhook === true) return;
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
