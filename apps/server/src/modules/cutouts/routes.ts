/**
 * The cut-out of a product upload: GET computes the automatic one on the first look; PUT records the
 * user's choice (automatic, cut-out with or without corrections, whole photo); the mask, the
 * preview and the mask strokes are painted on (for the browser to show strokes at once) are served
 * to the owner. Another user's upload is simply not found.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { cutoutUpdate } from '@vitrine/shared/api/cutout';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { idParams } from '@vitrine/shared/api/params';
import { AppError } from '../../http/app-error';
import { parseParams } from '../../http/validate';
import { requireUser } from '../auth/session';
import { cutoutFile, getCutout, updateCutout, type CutoutDeps } from './service';

const uploadId = (request: FastifyRequest): string => parseParams(idParams, request.params).id;

/** The body as the shared contract reads it; its first problem becomes the translated message. */
function parseUpdate(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('VALIDATION_FAILED', { messageKey: 'cutout.invalidChoice' });
  const result = cutoutUpdate.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? '';
  const messageKey = (message.startsWith('cutout.') ? message : 'cutout.invalidCorrection') as MessageKey;
  throw new AppError('VALIDATION_FAILED', { messageKey });
}

export const cutoutRoutes: FastifyPluginAsync = async (app) => {
  const { database, storage, config } = app.deps;
  const deps: CutoutDeps = {
    database,
    storage,
    model: config.cutoutModel,
    rateLimitMultiplier: config.auth.rateLimitMultiplier,
  };
  const signedIn = (request: FastifyRequest, reply: FastifyReply) =>
    requireUser(request, reply, { messageKey: 'uploads.signInRequired' });

  app.get('/uploads/:id/cutout', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    return reply.header('cache-control', 'no-store').send(await getCutout(deps, user.id, uploadId(request)));
  });

  app.put('/uploads/:id/cutout', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const id = uploadId(request);
    const update = parseUpdate(request.body);
    return reply.header('cache-control', 'no-store').send(await updateCutout(deps, user.id, id, update));
  });

  const serve =
    (file: 'mask' | 'preview' | 'base', type: string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { user } = await signedIn(request, reply);
      const key = await cutoutFile(deps, user.id, uploadId(request), file);
      // Each new cut-out has a new version in its URL: a given URL never changes.
      return reply
        .type(type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(storage.read(key));
    };
  app.get('/uploads/:id/cutout/mask.png', serve('mask', 'image/png'));
  app.get('/uploads/:id/cutout/preview.webp', serve('preview', 'image/webp'));
  app.get('/uploads/:id/cutout/base.png', serve('base', 'image/png'));
};
