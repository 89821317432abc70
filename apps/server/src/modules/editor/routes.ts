/**
 * GET and PUT /api/generations/:id/edit?image=N: the image editor's saved document of one image of the
 * user's finished generation; GET …/plate?image=N its text-free plate; POST …/export?image=N the
 * edited image, set by the engine (contract and answers in packages/shared/src/api/editor.ts). Another
 * user's generation is simply not found; nothing is stored when a request is refused.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  EDITOR_BODY_LIMIT,
  EDITOR_EXPORT_LIMIT,
  EDITED_FILE_NAME,
  EDITOR_SAVE_LIMIT,
  editorDocument,
  EDIT_IF_MATCH_MAX,
  EDIT_VERSION_HEADER,
  editorImageQuery,
  versionsOf,
} from '@vitrine/shared/api/editor';
import { idParams } from '@vitrine/shared/api/params';
import { AppError } from '../../http/app-error';
import { parseInput, parseParams } from '../../http/validate';
import { requireUser } from '../auth/session';
import { hit } from '../rate-limit/limiter';
import { requestLang } from '../../http/request-lang';
import { exportEdit } from './export';
import { editableImage, platePath, readEdit, saveEdit, textLanguage } from './service';
import { isUuid } from '@vitrine/shared/ids';

async function target(request: FastifyRequest, reply: FastifyReply) {
  const { user } = await requireUser(request, reply, { messageKey: 'generations.editSignInRequired' });
  const { image } = parseInput(editorImageQuery.strict(), request.query ?? {});
  const { id } = parseParams(idParams, request.params);
  return { user, id, image };
}

/** The version a client picked for its save: a UUID, or none (the server makes one). */
function editVersion(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !isUuid(header)) throw new AppError('BAD_REQUEST');
  return header.toLowerCase();
}

/** The versions a save was made from (If-Match): none named, or one to EDIT_IF_MATCH_MAX. */
function basedOn(header: string | undefined): string[] | undefined {
  const versions = versionsOf(header);
  if (versions === null || (versions && versions.length > EDIT_IF_MATCH_MAX))
    throw new AppError('BAD_REQUEST');
  return versions;
}

export const editRoutes: FastifyPluginAsync = async (app) => {
  const { database, storage } = app.deps;

  app.get('/generations/:id/edit', async (request, reply) => {
    const { user, id, image } = await target(request, reply);
    const { resultId, image: stored } = await editableImage(database, user.id, id, image);
    const answer = await readEdit(database, user.id, resultId, image, stored, requestLang(request));
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get('/generations/:id/plate', async (request, reply) => {
    const { user, id, image } = await target(request, reply);
    const { image: stored } = await editableImage(database, user.id, id, image);
    if (!stored.plateKey) throw new AppError('NOT_FOUND', { messageKey: 'generations.editImageMissing' });
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(storage.read(stored.plateKey));
  });

  app.post('/generations/:id/export', { bodyLimit: EDITOR_BODY_LIMIT }, async (request, reply) => {
    const { user, id, image } = await target(request, reply);
    await hit(
      database,
      `editor-export:user:${user.id}`,
      EDITOR_EXPORT_LIMIT,
      'generations.editTooManyExports',
    );
    const document = parseInput(editorDocument, request.body);
    const { image: stored } = await editableImage(database, user.id, id, image);
    const png = await exportEdit({ database, storage }, user.id, stored, document, requestLang(request));
    return reply
      .type('image/png')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${EDITED_FILE_NAME}"`)
      .send(png);
  });

  app.put('/generations/:id/edit', { bodyLimit: EDITOR_BODY_LIMIT }, async (request, reply) => {
    const { user, id, image } = await target(request, reply);
    // Malformed version headers are refused before the save counts against the limit.
    const versions = {
      basedOn: basedOn(request.headers['if-match']),
      version: editVersion(request.headers[EDIT_VERSION_HEADER]),
    };
    await hit(database, `editor-save:user:${user.id}`, EDITOR_SAVE_LIMIT, 'generations.editTooManySaves');
    const document = parseInput(editorDocument, request.body);
    const { resultId, image: stored } = await editableImage(database, user.id, id, image);
    const saved = await saveEdit({ database, storage }, user.id, resultId, image, document, versions);
    const plate = platePath(resultId, image, stored);
    const language = textLanguage(stored, requestLang(request));
    return reply.header('cache-control', 'no-store').send({ ...saved, plate, language });
  });
};
