/**
 * The generation payloads as the spec names them (section 3): background_generations.webhook_data keeps
 * the request in this shape. It is the automation webhook's body (built by the engine), except that the
 * format stays the option's name; the webhook rewrites it as 'name WxH' when it sends.
 */
import type { ExpressRequest, FusionRequest } from '@vitrine/shared/api/generation';
import { buildWorkflowPayload } from '@vitrine/engine/providers/webhook';

type Ids = { backgroundGenerationId: string; userId: string };

/** `marque: 'non'`: the form's "Apply my brand" switch was off (absent, it was on). */
const brandSwitch = (request: { brand?: boolean | undefined }) =>
  request.brand === false && { marque: 'non' };

/** `sceneId`: the ready-made scene chosen instead of a context photo (`images.context` is its image). */
export function fusionPayload(
  request: FusionRequest,
  images: { product: string; context: string; sceneId?: string },
  ids: Ids,
) {
  const payload = buildWorkflowPayload({
    mode: 'fusion',
    request,
    productUrl: images.product,
    contextUrl: images.context,
    ...(images.sceneId && { sceneId: images.sceneId }),
    ...ids,
  });
  return { ...payload, formatImage: request.format, ...brandSwitch(request) };
}

export function expressPayload(request: ExpressRequest, ids: Ids) {
  return {
    ...buildWorkflowPayload({ mode: 'express', request, ...ids }),
    format: request.format,
    ...brandSwitch(request),
  };
}
