/**
 * How the worker turns a generation request into images: the engine, one variant at a time, so progress
 * can be reported and a cancelled generation stops between variants. The engine (and sharp) load on
 * first use, which keeps them out of the start-up path.
 */
import type { ExpressRequest, FusionRequest } from '@vitrine/shared/api/generation';

export type RenderedVariant = { jpeg: Buffer; width: number; height: number; metadata: unknown };

/** Called after each variant; throwing from it (e.g. because the generation was cancelled) stops the render. */
export type OnVariant = (done: number, total: number) => Promise<void>;

export type Renderer = {
  fusion(
    input: { request: FusionRequest; product: Buffer; context: Buffer },
    onVariant: OnVariant,
  ): Promise<RenderedVariant[]>;
  express(input: { request: ExpressRequest }, onVariant: OnVariant): Promise<RenderedVariant[]>;
};

export function createLocalRenderer(): Renderer {
  return {
    async fusion({ request, product, context }, onVariant) {
      const [{ planFusionVariants }, { prepareContext, prepareProduct }, { renderFusionVariant }] =
        await Promise.all([
          import('@vitrine/engine/art-direction/plan'),
          import('@vitrine/engine/local/prepare'),
          import('@vitrine/engine/local/render-fusion'),
        ]);
      const [preparedProduct, preparedContext] = await Promise.all([
        prepareProduct(product),
        prepareContext(context),
      ]);
      const plans = planFusionVariants(request);
      const out: RenderedVariant[] = [];
      for (const plan of plans) {
        const { images, metadata } = await renderFusionVariant(plan, preparedProduct, preparedContext, [
          'jpeg',
        ]);
        out.push({ jpeg: images.jpeg!, width: metadata.width, height: metadata.height, metadata });
        await onVariant(out.length, plans.length);
      }
      return out;
    },
    async express({ request }, onVariant) {
      const [{ planExpressVariants }, { renderExpressVariant }] = await Promise.all([
        import('@vitrine/engine/art-direction/express-plan'),
        import('@vitrine/engine/local/render-express'),
      ]);
      const plans = planExpressVariants(request);
      const out: RenderedVariant[] = [];
      for (const plan of plans) {
        const { images, metadata } = await renderExpressVariant(plan, ['jpeg']);
        out.push({ jpeg: images.jpeg!, width: metadata.width, height: metadata.height, metadata });
        await onVariant(out.length, plans.length);
      }
      return out;
    },
  };
}
