/**
 * Whole requests on the local engine: the uploads decoded once, then every variant, on the render
 * threads (threads.ts) or two at a time on this thread (parallel.ts). The product is cut out once,
 * while the first variants draw their scenes.
 * `onVariant` hears of each finished variant; throwing from it (e.g. on cancel) stops the render
 * before the next variant starts.
 */
import { FUSION_FORMAT_SIZES, type ExpressRequest, type FusionRequest } from '@vitrine/shared/api/generation';
import { planExpressVariants } from '../art-direction/express-plan';
import { planFusionVariants } from '../art-direction/plan';
import type { ProductCutoutInput } from '../cutout/run';
import type { RenderFormat } from './encode';
import { mapInFlight, type OnVariantDone } from './parallel';
import { prepareContext, startProduct } from './prepare';
import type { RenderedExpress } from './express/render-express';
import type { RenderedImage } from './fusion/render-fusion';
import { variantRenderer, variantsInFlight } from './threads';

export async function renderFusion(input: {
  request: FusionRequest;
  product: Buffer;
  context: Buffer;
  cutout?: ProductCutoutInput;
  formats?: RenderFormat[];
  onVariant?: OnVariantDone;
}): Promise<RenderedImage[]> {
  const [product, context] = await Promise.all([
    startProduct(input.product, input.cutout),
    prepareContext(input.context, FUSION_FORMAT_SIZES[input.request.format]),
  ]);
  // The product is cut out while the first variants draw their scenes.
  return mapInFlight(
    planFusionVariants(input.request),
    (plan) => variantRenderer.fusion(plan, product.ready, context, input.formats),
    input.onVariant,
    variantsInFlight(),
  );
}

export async function renderExpress(
  request: ExpressRequest,
  formats?: RenderFormat[],
  onVariant?: OnVariantDone,
): Promise<RenderedExpress[]> {
  return mapInFlight(
    planExpressVariants(request),
    (plan) => variantRenderer.express(plan, formats),
    onVariant,
    variantsInFlight(),
  );
}
