/**
 * The ready-made scenes (packages/shared/src/api/scenes.ts). Public: the catalogue is the same for
 * everyone and tells nothing of any account, and the automation workflow fetches a chosen scene's
 * image without a session. Everything here is cacheable.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sceneImageQuery, sceneParams, type ScenesResponse } from '@vitrine/shared/api/scenes';
import { parseParams, readQuery } from '../../http/validate';
import { listScenes, sceneImageOf, sceneThumbnailOf } from './service';

const NOT_FOUND = { messageKey: 'generations.sceneUnknown' } as const;
/** The list changes only with a deployment. */
const LIST_CACHE = 'public, max-age=3600';
const IMAGE_CACHE = 'public, max-age=86400';

export const sceneRoutes: FastifyPluginAsync = async (app) => {
  app.get('/scenes', async (_request, reply): Promise<ScenesResponse> => {
    reply.header('cache-control', LIST_CACHE);
    return { items: listScenes() };
  });

  app.get('/scenes/:id/thumbnail', async (request, reply) => {
    const { id } = parseParams(sceneParams, request.params, NOT_FOUND);
    const jpeg = await sceneThumbnailOf(id, readQuery(sceneImageQuery, request.query).palette);
    return reply.type('image/jpeg').header('cache-control', IMAGE_CACHE).send(jpeg);
  });

  app.get('/scenes/:id/image', async (request, reply) => {
    const { id } = parseParams(sceneParams, request.params, NOT_FOUND);
    const jpeg = await sceneImageOf(id, readQuery(sceneImageQuery, request.query).palette);
    return reply.type('image/jpeg').header('cache-control', IMAGE_CACHE).send(jpeg);
  });
};
