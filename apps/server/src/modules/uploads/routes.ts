/**
 * Image uploads and imports (spec sections 5 and 7): POST a file (multipart, one file, streamed to
 * storage) or a URL, with the role it is sent for; list the user's recent ones, read one, its file or
 * its preview; delete it. Every upload belongs to its user; another user's id is simply not found.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recentUploadsQuery, uploadRoleQuery } from '@vitrine/shared/api/uploads';
import { checkFileName } from '@vitrine/shared/validation/upload-file';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { requireUser } from '../auth/session';
import { removeFiles } from '../storage/storage';
import { hit, scaled } from '../rate-limit/limiter';
import { UPLOAD_LIMIT } from '../rate-limit/usage-limits';
import { createUploadLinks } from '../generations/image-links';
import { ImageFetchError, safeFetchImage } from './safe-fetch';
import { ownUploadView, recentUploads, thumbnail, thumbnailKey } from './recent';
import { removeUpload } from './remove';
import * as uploads from './repository';
import { storeImage, type StoreResult } from './store-image';
import { isUuid } from '@vitrine/shared/ids';

const importInput = z.object({
  url: z.string({ error: 'validation.notText' }).max(4096, 'validation.tooLong:2048'),
});

/** Limits of the form itself (parts, fields), set where the multipart plugin is registered. */
const FORM_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/**
 * What the form parser (@fastify/busboy) says of a body without a boundary or cut short, and what
 * Node says of a request the client dropped mid-way; exactly, so that no error of the database or the
 * storage, met while the file is stored, passes for the client's.
 */
const BROKEN_FORM = new Set([
  'Multipart: Boundary not found',
  'Boundary required',
  'Unexpected end of multipart data',
  'aborted',
]);

/**
 * A multipart form that is not one (no boundary, cut off before its end, too many parts) is the
 * client's mistake: a translated 400, not a 500 logged as the server's failure.
 */
function formError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('INVALID_FILE', { messageKey: 'uploads.tooManyFiles', cause: error });
  const broken = (typeof code === 'string' && FORM_LIMITS.has(code)) || BROKEN_FORM.has(error.message);
  return broken ? new AppError('INVALID_FILE', { messageKey: 'uploads.formInvalid', cause: error }) : error;
}

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
    let stored: StoreResult | undefined;
    try {
      for await (const part of request.parts({ preservePath: true })) {
        if (part.type !== 'file') continue;
        // The name is checked as sent (preservePath): a hostile name is refused, not quietly trimmed.
        if (stored) throw new AppError('INVALID_FILE', { messageKey: 'uploads.tooManyFiles' });
        const nameError = checkFileName(part.filename);
        if (nameError) throw new AppError('INVALID_FILE', { messageKey: nameError });
        stored = await storeImage({ database, storage }, user.id, part.file, {
          originalName: part.filename,
          role,
        });
      }
    } catch (error) {
      // A refused request stores nothing; an upload the user already had stays, and so does one another
      // request sent the same file for meanwhile (it marked it used: no longer its first use).
      if (stored && !stored.reused)
        await removeUpload({ database, storage }, stored.upload.id, user.id, { onlyIfNotUsedSince: true });
      throw formError(error);
    }
    if (!stored) throw new AppError('INVALID_FILE', { messageKey: 'validation.required' });
    return reply.status(stored.reused ? 200 : 201).send(stored.upload);
  });

  app.post('/uploads/from-url', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { role } = parseInput(uploadRoleQuery, request.query ?? {});
    const { url } = parseInput(importInput, request.body);
    await limitUploads(user.id);
    let image;
    try {
      image = await safeFetchImage(url, app.deps.imageFetchOptions);
    } catch (error) {
      if (!(error instanceof ImageFetchError)) throw error;
      const refused = error.key.startsWith('uploads.url');
      throw new AppError(refused ? 'INVALID_IMAGE_URL' : 'IMAGE_FETCH_FAILED', {
        messageKey: error.key,
        cause: error,
      });
    }
    const stored = await storeImage({ database, storage }, user.id, Readable.from(image.bytes), {
      sourceUrl: image.finalUrl,
      role,
    });
    return reply.status(stored.reused ? 200 : 201).send(stored.upload);
  });

  async function ownUpload(id: string, userId: string) {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await uploads.findOwn(database, userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  app.get('/uploads', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const query = parseInput(recentUploadsQuery, request.query ?? {});
    return reply.header('cache-control', 'no-store').send(await recentUploads(database, user.id, query));
  });

  app.get('/uploads/:id', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw new AppError('NOT_FOUND', { messageKey: 'uploads.gone' });
    return reply.header('cache-control', 'no-store').send(await ownUploadView(database, user.id, id));
  });

  app.get('/uploads/:id/thumb.webp', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { id } = request.params as { id: string };
    const row = await ownUpload(id, user.id);
    const bytes = await thumbnail(storage, row.storageKey);
    // Deleted while its preview was being made: the preview goes with it.
    if (!(await uploads.exists(database, id))) {
      await removeFiles(storage, [thumbnailKey(row.storageKey)]);
      throw new AppError('NOT_FOUND', { messageKey: 'uploads.gone' });
    }
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  // The owner's session, or a signed link (the automation workflow fetching a generation's photos).
  app.get('/uploads/:id/file', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
    const signed = exp !== undefined || sig !== undefined;
    let row: uploads.UploadFile | undefined;
    if (signed) {
      if (!isUuid(id) || !links.verify(id, exp, sig)) throw new AppError('NOT_FOUND');
      row = await uploads.findFile(database, id);
      if (!row) throw new AppError('NOT_FOUND');
    } else {
      const { user } = await signedIn(request, reply);
      row = await ownUpload(id, user.id);
    }
    return reply
      .type(row.contentType)
      .header('cache-control', signed ? 'private, max-age=600' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(storage.read(row.storageKey));
  });

  app.delete('/uploads/:id', async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const id = (request.params as { id: string }).id;
    if (!isUuid(id) || !(await removeUpload({ database, storage }, id, user.id)))
      throw new AppError('NOT_FOUND');
    return reply.status(204).send();
  });
};
