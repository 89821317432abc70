/**
 * What a Fusion generation is made from: the user's product photo, and the context photo they uploaded
 * or the ready-made scene they chose instead (the engine's catalogue, GET /api/scenes). Checked before
 * anything is stored: a photo that is not the user's (or is gone) answers 404, a scene the catalogue
 * does not hold a translated 400.
 */
import type { FusionRequest } from '@vitrine/shared/api/generation';
import { findScene } from '@vitrine/engine/local/scene-files';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findOwnUploads } from '../uploads/repository';
import { fusionPayload } from './payload';
import type { FusionRenderRequest } from './render-request';

export type FusionSources = { productUploadId: string; contextUploadId?: string; sceneId?: string };

/** The image a ready-made scene is sent to the automation workflow as (scenes module, routes.ts). */
export const sceneImagePath = (sceneId: string, request: FusionRequest) =>
  `/api/scenes/${sceneId}/image?palette=${encodeURIComponent(request.palette)}`;

export function knownScene(sceneId: string) {
  const scene = findScene(sceneId);
  if (!scene) {
    const key = 'generations.sceneUnknown';
    throw new AppError('VALIDATION_FAILED', { messageKey: key, fields: { sceneId: { key } } });
  }
  return scene;
}

/** The payload and render request of a Fusion, from its sources; the uploads it uses, to touch. */
export async function fusionSources(
  database: Database,
  userId: string,
  request: FusionRequest,
  sources: FusionSources,
  ids: { backgroundGenerationId: string; userId: string },
): Promise<{ webhookData: object; render: FusionRenderRequest; uploadIds: string[] }> {
  const { productUploadId, contextUploadId, sceneId } = sources;
  if (sceneId !== undefined) knownScene(sceneId);
  const uploadIds = contextUploadId ? [productUploadId, contextUploadId] : [productUploadId];
  const uploads = await findOwnUploads(database, userId, uploadIds);
  const product = uploads.get(productUploadId);
  const context = contextUploadId ? uploads.get(contextUploadId) : undefined;
  if (!product || (contextUploadId && !context))
    throw new AppError('NOT_FOUND', { messageKey: 'generations.sourceMissing' });
  const productUrl = `/api/uploads/${product.id}/file`;
  if (sceneId !== undefined)
    return {
      webhookData: fusionPayload(
        request,
        { product: productUrl, context: sceneImagePath(sceneId, request), sceneId },
        ids,
      ),
      render: { request, productKey: product.storageKey, sceneId },
      uploadIds,
    };
  // A marketplace image may have neither: the spec's payload then names no context image.
  if (!context)
    return {
      webhookData: fusionPayload(request, { product: productUrl, context: '' }, ids),
      render: { request, productKey: product.storageKey },
      uploadIds,
    };
  return {
    webhookData: fusionPayload(
      request,
      { product: productUrl, context: `/api/uploads/${context.id}/file` },
      ids,
    ),
    render: { request, productKey: product.storageKey, contextKey: context.storageKey },
    uploadIds,
  };
}
