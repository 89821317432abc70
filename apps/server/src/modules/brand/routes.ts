/**
 * GET and PUT /api/brand: the signed-in user's brand kit (contract in packages/shared/src/api/brand.ts).
 * PUT replaces it whole; refused input changes nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BRAND_BODY_LIMIT, brandKitInput } from '@vitrine/shared/api/brand';
import { parseInput } from '../../http/validate';
import { requireUser } from '../auth/session';
import { readBrandKit, saveBrandKit } from './service';

export const brandRoutes: FastifyPluginAsync = async (app) => {
  const { database } = app.deps;

  app.get('/brand', async (request, reply) => {
    const { user } = await requireUser(request, reply);
    return reply.header('cache-control', 'no-store').send(await readBrandKit(database, user.id));
  });

  app.put('/brand', { bodyLimit: BRAND_BODY_LIMIT }, async (request, reply) => {
    const { user } = await requireUser(request, reply);
    const kit = parseInput(brandKitInput, request.body);
    return reply.header('cache-control', 'no-store').send(await saveBrandKit(database, user.id, kit));
  });
};
