/**
 * The cut-out thread: one worker thread, started on first use, that cuts products out one at a time
 * (segmentation is mostly synchronous WebAssembly and JavaScript: on the calling thread it would stall
 * a server's event loop for a good part of a second). Requests queue; a thread that dies fails only
 * the request it was running and is replaced. Without threads (configureCutoutThread(false)) the
 * work runs on the calling thread.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { RawImage } from '../image/sharp';
import { errorFrom, type ThreadError } from '../thread-errors';
import { runCutout, type CutoutJob, type CutoutResult } from './run';

export type CutoutRequest = { id: number; image: RawImage; job: CutoutJob };
export type CutoutReply =
  { id: number; ok: true; result: CutoutResult } | { id: number; ok: false; error: ThreadError };

/** The pixels in shared memory: the thread reads them in place. */
function shared(image: RawImage): RawImage {
  if (image.data.buffer instanceof SharedArrayBuffer) return image;
  const data = Buffer.from(new SharedArrayBuffer(image.data.byteLength));
  data.set(image.data);
  return { ...image, data };
}

function entry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./cutout-thread-tsx.mjs', here);
  for (const candidate of ['./cutout-thread.mjs', '../cutout-thread.mjs']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return url;
  }
  throw new Error(`cut-out thread entry not found next to ${here}`);
}

type Pending = { request: CutoutRequest; resolve: (r: CutoutResult) => void; reject: (e: Error) => void };

/** Results cross threads as plain byte arrays: the engine's callers expect Buffers. */
function revive(result: CutoutResult): CutoutResult {
  const buffer = (image: RawImage): RawImage => {
    const view = image.data as Uint8Array;
    return { ...image, data: Buffer.from(view.buffer, view.byteOffset, view.byteLength) };
  };
  return {
    ...result,
    cutout: { ...result.cutout, image: buffer(result.cutout.image) },
    mask: result.mask && { ...result.mask, alpha: result.mask.alpha && buffer(result.mask.alpha) },
  };
}

class CutoutThread {
  private worker: Worker | null = null;
  private running: Pending | null = null;
  private readonly queue: Pending[] = [];
  private nextId = 1;

  run(image: RawImage, job: CutoutJob): Promise<CutoutResult> {
    const decision =
      job.decision && !job.decision.framed
        ? { ...job.decision, alpha: shared(job.decision.alpha) }
        : job.decision;
    const request = { id: this.nextId++, image: shared(image), job: { ...job, decision } };
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || !this.queue.length) return;
    let worker: Worker;
    try {
      worker = this.worker ?? this.spawn();
    } catch (error) {
      for (const pending of this.queue.splice(0)) pending.reject(error as Error);
      return;
    }
    this.running = this.queue.shift()!;
    worker.ref();
    worker.postMessage(this.running.request);
  }

  private spawn(): Worker {
    const worker = new Worker(entry());
    worker.on('message', (reply: CutoutReply) => {
      const pending = this.running;
      if (!pending || pending.request.id !== reply.id) return;
      this.running = null;
      worker.unref();
      if (reply.ok) pending.resolve(revive(reply.result));
      else pending.reject(errorFrom(reply.error));
      this.next();
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.running?.reject(error);
      this.running = null;
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`cut-out thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the cut-out thread is closed'));
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    if (this.running) await new Promise<void>((done) => worker.once('message', () => done()));
    await worker.terminate();
  }
}

let thread: CutoutThread | null = null;
let useThread = true;

/** Whether cut-outs run on their own thread (the default) or on the calling thread. */
export async function configureCutoutThread(enabled: boolean): Promise<void> {
  useThread = enabled;
  if (!enabled) await closeCutoutThread();
}

export async function closeCutoutThread(): Promise<void> {
  const old = thread;
  thread = null;
  await old?.close();
}

/** Cuts the product out of decoded pixels (RGBA), on the cut-out thread when there is one. */
export function cutOutProduct(rgba: RawImage, job: CutoutJob = {}): Promise<CutoutResult> {
  if (!useThread) return runCutout(rgba, job);
  thread ??= new CutoutThread();
  return thread.run(rgba, job);
}
