/** POST /api/account/delete: the signed-in user deletes their account (packages/shared/src/api/account.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { deleteAccountInput } from '@vitrine/shared/api/account';
import { parseInput } from '../../http/validate';
import { requireUser } from '../auth/session';
import { deleteAccount } from './service';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.post('/account/delete', { bodyLimit: 4096 }, async (request, reply) => {
    const current = await requireUser(request, reply);
    await deleteAccount(request, reply, current, parseInput(deleteAccountInput, request.body));
    return reply.header('cache-control', 'no-store').send({ status: 'deleted' });
  });
};
