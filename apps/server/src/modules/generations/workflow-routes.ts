/**
 * `POST /api/webhooks/workflow`: the automation workflow's callback (docs/decisions/007). No session:
 * the X-Vitrine-Signature header over the raw body is the authentication, so this plugin reads JSON
 * bodies raw, and the route is exempt from the origin check. Answers 200 once the result is recorded
 * (and again for the very same callback sent twice), 400 for a body that is not a callback, 401 for a
 * bad signature, 404 for an unknown generation, 409 for one that is no longer waiting.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  SIGNATURE_HEADER,
  imageUrlsFrom,
  parseWorkflowCallback,
  verifyCallbackSignature,
} from '@vitrine/engine/providers/webhook';
import { AppError } from '../../http/app-error';
import { EXTENSION } from '../uploads/image-signature';
import { ImageFetchError, safeFetchImage, type SafeFetchOptions } from '../uploads/safe-fetch';
import {
  callbackDigest,
  removeWorkflowFiles,
  storeWorkflowImage,
  workflowImageKey,
  type WorkflowResult,
} from './workflow';
import { isUuid } from '@vitrine/shared/ids';
import { findForCallback, recordWorkflowResult } from './repository';

/** A callback carries a status and a few image URLs. */
const CALLBACK_BODY_LIMIT = 256 * 1024;

const digestOf = (result: unknown) =>
  result && typeof result === 'object' ? (result as { digest?: unknown }).digest : undefined;

export function workflowCallbackRoutes(secret: string, fetchOptions?: SafeFetchOptions): FastifyPluginAsync {
  return async (app) => {
    const { database, storage } = app.deps;
    // Scoped to this plugin: the signature is checked over the bytes as sent.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    const find = (id: string) => findForCallback(database, id);

    app.post('/webhooks/workflow', { config: { signedWebhook: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
      const check = verifyCallbackSignature(raw, typeof header === 'string' ? header : undefined, secret);
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'workflow callback refused: bad signature');
        throw new AppError('UNAUTHENTICATED');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        throw new AppError('INVALID_JSON', { cause: error });
      }
      const parsed = parseWorkflowCallback(body);
      if (!parsed.ok) {
        request.log.warn({ issues: parsed.issues }, 'workflow callback refused: not a callback');
        throw new AppError('VALIDATION_FAILED');
      }
      const { callback } = parsed;
      const id = callback.backgroundGenerationId;
      const row = isUuid(id) ? await find(id) : undefined;
      // The payload named the owner; a callback naming another one is about nothing we know.
      const claimed = (body as { user_id?: unknown }).user_id;
      if (!row || (typeof claimed === 'string' && claimed !== row.userId)) throw new AppError('NOT_FOUND');

      const digest = callbackDigest(raw);
      if (digestOf(row.workflowResult) === digest) return { received: true, duplicate: true };
      if (row.status !== 'processing' || row.workflowResult) throw new AppError('GENERATION_NOT_WAITING');

      let result: WorkflowResult;
      if (callback.status === 'failed') {
        result = { status: 'failed', digest };
      } else {
        const urls = imageUrlsFrom(callback.webhook_data);
        const fetched = await Promise.all(
          urls.map((url) =>
            safeFetchImage(url, fetchOptions).catch((error: unknown) => {
              if (!(error instanceof ImageFetchError)) throw error;
              request.log.warn({ generationId: id, reason: error.key }, 'workflow image not fetched');
              return null;
            }),
          ),
        );
        const keys: string[] = [];
        try {
          for (const [index, image] of fetched.entries()) {
            if (!image) continue;
            const key = workflowImageKey(row.userId, id, index, EXTENSION[image.kind]);
            keys.push(key);
            await storeWorkflowImage(storage, key, image.bytes);
          }
        } catch (error) {
          await removeWorkflowFiles(storage, { status: 'completed', keys, digest });
          throw error;
        }
        result = { status: 'completed', keys, digest };
      }

      if (!(await recordWorkflowResult(database, id, result))) {
        // Cancelled, timed out or answered meanwhile: nothing of this callback is kept.
        await removeWorkflowFiles(storage, result);
        const now = await find(id);
        if (now && digestOf(now.workflowResult) === digest) return { received: true, duplicate: true };
        throw new AppError('GENERATION_NOT_WAITING');
      }
      request.log.info(
        {
          generationId: id,
          status: callback.status,
          images: result.status === 'completed' ? result.keys.length : 0,
        },
        'workflow callback received',
      );
      return { received: true };
    });
  };
}
