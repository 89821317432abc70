/**
 * The generations API (contract in packages/shared/src/api/generations.ts). Every route needs a signed-in
 * user and only ever sees that user's rows: another user's id is simply not found.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  archiveQuery,
  expressStartBody,
  fusionStartBody,
  selectImageBody,
} from '@vitrine/shared/api/generations';
import { idParams, imageParams, resultParams, signedLinkQuery } from '@vitrine/shared/api/params';
import { AppError } from '../../http/app-error';
import { requestLang } from '../../http/request-lang';
import { parseInput, parseParams, readQuery } from '../../http/validate';
import { requireUser } from '../auth/session';
import { hit, scaled } from '../rate-limit/limiter';
import { GENERATION_CANCEL_LIMIT, GENERATION_START_LIMIT } from '../rate-limit/usage-limits';
import { resultArchive } from './archive';
import { usageOf } from './credits';
import { createEventStreams } from './event-stream';
import type { GenerationEvents } from './events';
import { selectResultImage } from './selection';
import type { ImageLinks } from './image-links';
import {
  activeGenerations,
  cancelAll,
  generationDetail,
  history,
  resultImageKey,
  startGeneration,
  stats,
  type JobSender,
} from './service';

export type GenerationRouteDeps = {
  jobs: JobSender;
  links: ImageLinks;
  events: GenerationEvents;
  /** How long a render job may run before the queue retries it (see renderJobExpireSeconds). */
  renderExpireSeconds: number;
  /** How often an open event stream checks its session (defaults to EVENT_STREAM_RECHECK_MS). */
  eventStreamRecheckMs?: number;
};

function signedIn(request: FastifyRequest, reply: FastifyReply) {
  return requireUser(request, reply, { messageKey: 'generations.signInRequired' });
}

export function generationRoutes({
  jobs,
  links,
  events,
  renderExpireSeconds,
  eventStreamRecheckMs,
}: GenerationRouteDeps): FastifyPluginAsync {
  return async (app) => {
    const { database, storage, config } = app.deps;
    const deps = { database, jobs, links, storage, renderExpireSeconds };
    const multiplier = config.auth.rateLimitMultiplier;
    // Counted once the request is understood: a start/cancel loop is bounded whatever its outcome.
    const limitStarts = (userId: string) =>
      hit(
        database,
        `generation-start:user:${userId}`,
        scaled(GENERATION_START_LIMIT, multiplier),
        'generations.tooManyStarts',
      );

    app.get('/usage', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      return usageOf(database, user.id);
    });

    app.post('/generations/fusion', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      const { productUploadId, contextUploadId, sceneId, ...fusion } = parseInput(
        fusionStartBody,
        request.body,
      );
      await limitStarts(user.id);
      const started = await startGeneration(deps, user.id, requestLang(request), {
        mode: 'fusion',
        request: fusion,
        productUploadId,
        ...(contextUploadId !== undefined && { contextUploadId }),
        ...(sceneId !== undefined && { sceneId }),
      });
      return reply.status(202).send(started);
    });

    app.post('/generations/express', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      const express = parseInput(expressStartBody, request.body);
      await limitStarts(user.id);
      const started = await startGeneration(deps, user.id, requestLang(request), {
        mode: 'express',
        request: express,
      });
      return reply.status(202).send(started);
    });

    app.get('/generations/active', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      return activeGenerations(database, user.id);
    });

    app.post('/generations/cancel-all', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      await hit(
        database,
        `generation-cancel:user:${user.id}`,
        scaled(GENERATION_CANCEL_LIMIT, multiplier),
        'generations.tooManyCancels',
      );
      return cancelAll(deps, user.id);
    });

    app.get('/generations/:id', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      const { id } = parseParams(idParams, request.params);
      return generationDetail(deps, user.id, id);
    });

    app.get('/history', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      return history(deps, user.id);
    });

    app.put('/history/:id/selected-image', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      const { index } = parseInput(selectImageBody, request.body);
      const { id } = parseParams(idParams, request.params);
      return selectResultImage(deps, user.id, id.toLowerCase(), index);
    });

    app.get('/stats', async (request, reply) => {
      const { user } = await signedIn(request, reply);
      return stats(database, user.id);
    });

    // A signed link works on its own (downloads, shared links); without one, only the owner's session does.
    app.get('/images/:resultId/:index', async (request, reply) => {
      const { resultId, index } = parseParams(imageParams, request.params);
      const { exp, sig } = readQuery(signedLinkQuery, request.query);
      const signed = exp !== undefined || sig !== undefined;
      if (signed && !links.verify(resultId, index, exp, sig)) throw new AppError('NOT_FOUND');
      const owner = signed ? null : (await signedIn(request, reply)).user.id;
      const key = await resultImageKey(database, resultId, index, owner);
      if (!key) throw new AppError('NOT_FOUND');
      return reply
        .type('image/jpeg')
        .header('cache-control', signed ? 'private, max-age=3600, immutable' : 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="promotional-image-${index + 1}.jpg"`)
        .send(storage.read(key));
    });

    // Every image of a result (or one format's) in one zip, for its owner.
    app.get('/images/:resultId/images.zip', async (request, reply) => {
      const { resultId } = parseParams(resultParams, request.params);
      const { format } = parseInput(archiveQuery, request.query ?? {});
      const { user } = await signedIn(request, reply);
      const { stream, fileName } = await resultArchive(deps, resultId, user.id, format);
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    });

    const streams = createEventStreams(app, events, { recheckMs: eventStreamRecheckMs });
    app.get('/events', async (request, reply) => {
      // Passive: an open tab listening for updates is not activity that keeps the session alive.
      const current = await requireUser(request, reply, { passive: true });
      return streams.serve(request, reply, current);
    });
  };
}
