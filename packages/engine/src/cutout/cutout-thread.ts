/**
 * The cut-out thread: segmentation (OpenCV in WebAssembly, synchronous) and the edge work run here,
 * so a server's event loop never waits on them. Pixels arrive in shared memory; the cut-out and mask
 * go back as copies. See thread.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { RawImage } from '../image/sharp';
import { threadError } from '../thread-errors';
import { idleCollector } from '../when-idle';
import { runCutout } from './run';
import type { CutoutReply, CutoutRequest } from './thread';

const wrap = (image: RawImage): RawImage => {
  const view = image.data as Uint8Array;
  return { ...image, data: Buffer.from(view.buffer, view.byteOffset, view.byteLength) };
};

/** Idle, the thread lets go of its garbage (when-idle.ts). */
const idle = idleCollector();

const port = parentPort!;
port.on('message', ({ id, image, job }: CutoutRequest) => {
  // The job's time limit runs from here.
  port.postMessage({ id, started: true } satisfies CutoutReply);
  const decision =
    job.decision && !job.decision.framed
      ? { ...job.decision, alpha: wrap(job.decision.alpha) }
      : job.decision;
  idle.started();
  runCutout(wrap(image), { ...job, decision })
    .then(
      // The results are copied to the caller (a few megabytes): libvips' buffers cannot always move.
      (result) => port.postMessage({ id, ok: true, result } satisfies CutoutReply),
      (error: unknown) =>
        port.postMessage({ id, ok: false, error: threadError(error) } satisfies CutoutReply),
    )
    .finally(() => idle.finished());
});
