/**
 * The generation payloads as the spec names them (section 3): background_generations.webhook_data keeps
 * the request in this shape, and the automation webhook sends it. Our API takes English field names.
 */
import { FUSION_FIXED_VALUES, type ExpressRequest, type FusionRequest } from '@vitrine/shared/api/generation';

export const EXPRESS_GENERATION_TYPE = 'vitrine_express';

export type FusionPayload = {
  imageProduit: string;
  imageContexte: string;
  positionProduit: string;
  styleRendu: string;
  paletteCouleur: string;
  sloganPrincipal: string;
  taglineSecondaire: string;
  styleTypo: string;
  formatImage: string;
} & typeof FUSION_FIXED_VALUES;

export type ExpressPayload = {
  style: string;
  format: string;
  description?: string;
  user_id: string;
  generation_type: typeof EXPRESS_GENERATION_TYPE;
};

export function fusionPayload(
  request: FusionRequest,
  images: { product: string; context: string },
): FusionPayload {
  return {
    imageProduit: images.product,
    imageContexte: images.context,
    positionProduit: request.position,
    styleRendu: request.style,
    paletteCouleur: request.palette,
    sloganPrincipal: request.slogan ?? '',
    taglineSecondaire: request.tagline ?? '',
    styleTypo: request.typography,
    formatImage: request.format,
    ...FUSION_FIXED_VALUES,
  };
}

export function expressPayload(request: ExpressRequest, userId: string): ExpressPayload {
  return {
    style: request.style,
    format: request.format,
    ...(request.description ? { description: request.description } : {}),
    user_id: userId,
    generation_type: EXPRESS_GENERATION_TYPE,
  };
}
