/**
 * Image uploads and imports (spec sections 5 and 7): POST a file (multipart, one file, streamed to
 * storage) or a URL, with the role it is sent for; list the user's recent ones, read one, its file or
 * its preview; delete it. Every upload belongs to its user; another user's id is simply not found.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, signedLinkQuery } from '@vitrine/shared/api/params';
import { recentUploadsQuery, uploadRoleQuery } from '@vitrine/shared/api/uploads';
import { text } from '@vitrine/shared/validation/schema';
import { AppError } from '../../http/app-error';
import { parseInput, parseParams, readQuery } from '../../http/validate';
import { requireUser } from '../auth/session';
import { hit, scaled } from '../rate-limit/limiter';
import { UPLOAD_LIMIT } from '../rate-limit/usage-limits';
import { createUploadLinks } from '../generations/image-links';
import { ownUploadView, recentUploads } from './recent';
import { removeUpload } from './remove';
import { importFromUrl, ownFile, ownThumbnail, signedFile, storedStatus, uploadFromForm } from './service';

const importInput = z.object({
  url: text({ error: 'validation.notText' }).max(4096, 'validation.tooLong:2048'),
});

function signedIn(request: FastifyRequest, reply: FastifyReply) {
  return requireUser(request, reply, { messageKey: 'uploads.signInRequired' });
}

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { database, storage } = app.deps;
  const links = createUploadLinks(app.deps.secret);
  /** Uploads and imports share one count per user. */
  const limitUploads = (userId: string) =>
    hit(
      database,
      `uploads:user:${userId}`,
      scaled(UPLOAD_LIMIT, app.deps.config.auth.rateLimitMultiplier),
      'uploads.tooManyUploads',
    );

  app.post('/uploads', { config: { multipart: true } }, async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { role } = parseInput(uploadRoleQuery, request.query ?? {});
    await limitUploads(user.id);
    const parts = request.parts({ preservePath: true });
    const stored = await uploadFromForm({ database, storage }, user.id, parts, role);
    return reply.status(storedStatus(stored)).send(stored.upload);
  });

  app.post('/uploads/from-url', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { role } = parseInput(uploadRoleQuery, request.query ?? {});
    const { url } = parseInput(importInput, request.body);
    await limitUploads(user.id);
    const deps = { database, storage, fetchOptions: app.deps.imageFetchOptions };
    const stored = await importFromUrl(deps, user.id, url, role);
    return reply.status(storedStatus(stored)).send(stored.upload);
  });

  app.get('/uploads', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const query = parseInput(recentUploadsQuery, request.query ?? {});
    return reply.header('cache-control', 'no-store').send(await recentUploads(database, user.id, query));
  });

  app.get('/uploads/:id', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { id } = parseParams(idParams, request.params, { messageKey: 'uploads.gone' });
    return reply.header('cache-control', 'no-store').send(await ownUploadView(database, user.id, id));
  });

  app.get('/uploads/:id/thumb.webp', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { id } = parseParams(idParams, request.params);
    const bytes = await ownThumbnail({ database, storage }, user.id, id);
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  // The owner's session, or a signed link (the automation workflow fetching a generation's photos).
  app.get('/uploads/:id/file', async (request, reply) => {
    const link = readQuery(signedLinkQuery, request.query);
    const signed = link.exp !== undefined || link.sig !== undefined;
    const owner = signed ? null : (await signedIn(request, reply)).user.id;
    const { id } = parseParams(idParams, request.params);
    const row = owner ? await ownFile(database, owner, id) : await signedFile(database, links, id, link);
    return reply
      .type(row.contentType)
      .header('cache-control', signed ? 'private, max-age=600' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(storage.read(row.storageKey));
  });

  app.delete('/uploads/:id', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { id } = parseParams(idParams, request.params);
    if (!(await removeUpload({ database, storage }, id, user.id))) throw new AppError('NOT_FOUND');
    return reply.status(204).send();
  });
};
