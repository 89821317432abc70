/**
 * A render thread: renders one variant per message, on the pixels the calling thread decoded (shared
 * memory, never copied) and answers with the encoded images and their metadata. See threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { PlannedBrand } from '../art-direction/types';
import type { RawImage } from '../image/sharp';
import { renderExpressOnScene } from './express/model-scene';
import { renderFusionOnScene } from './fusion/model-scene';
import type { PreparedContext, PreparedProduct } from './prepare';
import { renderExpressVariant } from './express/render-express';
import { renderFusionVariant } from './fusion/render-fusion';
import { errorFrom, threadError } from '../thread-errors';
import { idleCollector } from '../when-idle';
import type {
  LetGoMessage,
  ProductMessage,
  SharedProduct,
  ThreadReply,
  ThreadRequest,
} from './thread-messages';

/**
 * Images arrive as views of shared memory; each is wrapped once and kept while its request runs, so
 * per-image caches (e.g. the scene's smart-crop analysis) serve every variant this thread renders.
 */
const images = new Map<number, RawImage>();
const KEPT_IMAGES = 8;

function imageOf(shared: { id: number; image: RawImage }): RawImage {
  let image = images.get(shared.id);
  if (!image) {
    const { data, width, height, channels } = shared.image;
    const view = data as Uint8Array;
    image = { data: Buffer.from(view.buffer, view.byteOffset, view.byteLength), width, height, channels };
    images.set(shared.id, image);
    // The oldest requests' images are let go: their variants are done.
    for (const id of images.keys()) {
      if (images.size <= KEPT_IMAGES) break;
      images.delete(id);
    }
  }
  return image;
}

const productOf = (shared: SharedProduct): PreparedProduct => ({
  ...shared,
  cutout: { ...shared.cutout, image: imageOf(shared.cutout.image) },
});

/** Products still being cut out, by the id of the request waiting for them. */
const awaited = new Map<
  number,
  { resolve: (product: PreparedProduct) => void; reject: (error: Error) => void }
>();

function productFor(id: number): Promise<PreparedProduct> {
  return new Promise((resolve, reject) => awaited.set(id, { resolve, reject }));
}

/** A brand's logo arrives as a view of shared memory: the drawing code takes a Buffer, as everywhere. */
function revived<P extends { brand?: PlannedBrand }>(plan: P): P {
  const logo = plan.brand?.logo;
  if (!logo) return plan;
  const view = logo.image.data as Uint8Array;
  logo.image.data = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  return plan;
}

function run({ id, task: received }: ThreadRequest) {
  const task = { ...received, plan: revived(received.plan) } as ThreadRequest['task'];
  switch (task.kind) {
    case 'fusion':
    case 'fusion-on-scene': {
      const product = task.product ? productOf(task.product) : productFor(id);
      const context: PreparedContext = { ...task.context, image: imageOf(task.context.image) };
      return task.kind === 'fusion'
        ? renderFusionVariant(task.plan, product, context, task.formats)
        : renderFusionOnScene(task.plan, product, context, task.formats);
    }
    case 'express':
      return renderExpressVariant(task.plan, task.formats);
    case 'express-on-scene':
      return renderExpressOnScene(
        task.plan,
        { ...task.scene, image: imageOf(task.scene.image) },
        task.formats,
      );
  }
}

/** Idle, the thread lets go of the images it kept for its requests' variants, and of its garbage. */
const idle = idleCollector(() => images.clear());

const port = parentPort!;
port.on('message', (message: ThreadRequest | ProductMessage | LetGoMessage) => {
  if ('letGo' in message) return idle.now();
  if ('productFor' in message) {
    const waiting = awaited.get(message.productFor);
    awaited.delete(message.productFor);
    if ('error' in message) waiting?.reject(errorFrom(message.error));
    else waiting?.resolve(productOf(message.product));
    return;
  }
  const { id } = message;
  idle.started();
  run(message)
    .then(
      (result) => port.postMessage({ id, ok: true, result } satisfies ThreadReply),
      (error: unknown) =>
        port.postMessage({ id, ok: false, error: threadError(error) } satisfies ThreadReply),
    )
    .finally(() => idle.finished());
});
