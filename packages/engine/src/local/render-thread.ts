/**
 * A render thread: renders one variant per message, on the pixels the calling thread decoded (shared
 * memory, never copied) and answers with the encoded images and their metadata. See threads.ts.
 */
import { parentPort } from 'node:worker_threads';
import { isEngineError } from '../errors';
import type { RawImage } from '../image/sharp';
import { renderExpressOnScene, renderFusionOnScene } from '../providers/scenes';
import type { PreparedContext, PreparedProduct } from './prepare';
import { renderExpressVariant } from './render-express';
import { renderFusionVariant } from './render-fusion';
import type { ThreadReply, ThreadRequest, ThreadTask } from './threads';

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

function run(task: ThreadTask) {
  switch (task.kind) {
    case 'fusion':
    case 'fusion-on-scene': {
      const product: PreparedProduct = {
        ...task.product,
        cutout: { ...task.product.cutout, image: imageOf(task.product.cutout.image) },
      };
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

const port = parentPort!;
port.on('message', (request: ThreadRequest) => {
  run(request.task).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ThreadReply),
    (error: unknown) => {
      const reply: ThreadReply = {
        id: request.id,
        ok: false,
        error: isEngineError(error)
          ? { engine: true, code: error.code, message: error.message }
          : {
              engine: false,
              message: error instanceof Error ? error.message : String(error),
              stack: error instanceof Error ? error.stack : undefined,
            },
      };
      port.postMessage(reply);
    },
  );
});
