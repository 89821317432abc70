/**
 * What crosses between the engine and its render threads: the messages each way, and the images they
 * carry in shared memory, copied once per image however many variants read it (threads.ts runs the
 * threads, render-thread.ts is one).
 */
import type { ExpressPlan } from '../art-direction/express-plan';
import type { FusionPlan, PlannedBrand } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import type { ThreadError } from '../thread-errors';
import type { RenderFormat } from './encode';
import type { PreparedContext, PreparedProduct } from './prepare';
import type { RenderedExpress } from './express/render-express';
import type { RenderedImage } from './fusion/render-fusion';

/** An image whose pixels live in shared memory, with an id each thread caches it under. */
export type SharedImage = { id: number; image: RawImage };
export type SharedProduct = Omit<PreparedProduct, 'cutout'> & {
  cutout: Omit<PreparedProduct['cutout'], 'image'> & { image: SharedImage };
};
export type SharedContext = Omit<PreparedContext, 'image'> & { image: SharedImage };

export type ThreadTask =
  | {
      kind: 'fusion' | 'fusion-on-scene';
      plan: FusionPlan;
      /** Null while the product is still being cut out: it follows in a ProductMessage. */
      product: SharedProduct | null;
      context: SharedContext;
      formats?: RenderFormat[];
    }
  | { kind: 'express'; plan: ExpressPlan; formats?: RenderFormat[] }
  | { kind: 'express-on-scene'; plan: ExpressPlan; scene: SharedContext; formats?: RenderFormat[] };

export type ThreadRequest = { id: number; task: ThreadTask };
/** The product of request `id`, sent once its cut-out is done (or failed). */
export type ProductMessage =
  { productFor: number; product: SharedProduct } | { productFor: number; error: ThreadError };
/** Memory is wanted elsewhere: an idle thread lets go of what it kept now (when-idle.ts). */
export type LetGoMessage = { letGo: true };
export type ThreadReply =
  | { id: number; ok: true; result: RenderedImage | RenderedExpress }
  | { id: number; ok: false; error: ThreadError };

let nextImageId = 1;
const sharedImages = new WeakMap<RawImage, SharedImage>();

/** The image's pixels copied once into shared memory (and the same copy for every later variant). */
export function share(image: RawImage): SharedImage {
  let shared = sharedImages.get(image);
  if (!shared) {
    const memory = new SharedArrayBuffer(image.data.byteLength);
    const data = Buffer.from(memory);
    data.set(image.data);
    shared = { id: nextImageId++, image: { ...image, data } };
    sharedImages.set(image, shared);
  }
  return shared;
}

export const shareProduct = (product: PreparedProduct): SharedProduct => ({
  ...product,
  cutout: { ...product.cutout, image: share(product.cutout.image) },
});
export const shareContext = (context: PreparedContext): SharedContext => ({
  ...context,
  image: share(context.image),
});

/** Encoded images come back as plain byte arrays: the engine's callers expect Buffers. */
export function reviveImages<R extends { images: Partial<Record<RenderFormat, Uint8Array>> }>(result: R): R {
  for (const [format, bytes] of Object.entries(result.images) as [RenderFormat, Uint8Array][]) {
    result.images[format] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return result;
}

/** A brand's logo crosses to the threads in shared memory, copied once for all the request's variants. */
export function sharedLogo<P extends { brand?: PlannedBrand }>(plan: P): P {
  const logo = plan.brand?.logo;
  if (!plan.brand || !logo) return plan;
  return { ...plan, brand: { ...plan.brand, logo: { ...logo, image: share(logo.image).image } } };
}
