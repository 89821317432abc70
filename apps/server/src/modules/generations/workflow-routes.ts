/**
 * `POST /api/webhooks/workflow`: the automation workflow's callback (docs/decisions/007,
 * workflow-callback.ts). No session: the X-Vitrine-Signature header over the raw body is the
 * authentication, so this plugin reads JSON bodies raw, and the route is exempt from the origin check.
 * Answers 200 once the result is recorded (and again for the very same callback sent twice), 400 for a
 * body that is not a callback, 401 for a bad signature, 404 for an unknown generation, 409 for one that
 * is no longer waiting.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SIGNATURE_HEADER } from '@vitrine/engine/providers/webhook';
import type { SafeFetchOptions } from '../uploads/safe-fetch';
import { receiveWorkflowCallback } from './workflow-callback';

/** A callback carries a status and a few image URLs. */
const CALLBACK_BODY_LIMIT = 256 * 1024;

export function workflowCallbackRoutes(secret: string, fetchOptions?: SafeFetchOptions): FastifyPluginAsync {
  return async (app) => {
    const { database, storage } = app.deps;
    // Scoped to this plugin: the signature is checked over the bytes as sent.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/webhooks/workflow', { config: { signedWebhook: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
      const deps = { database, storage, secret, fetchOptions, log: request.log };
      return receiveWorkflowCallback(deps, raw, typeof header === 'string' ? header : undefined);
    });
  };
}
