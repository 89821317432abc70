/**
 * The cut-out threads: worker threads, started on first use, that cut products out one at a time
 * (segmentation is mostly synchronous WebAssembly and JavaScript: on the calling thread it would stall
 * a server's event loop for a good part of a second). Two lanes: one finds masks (segmentation, the
 * model), the other paints strokes on a mask found earlier, so that one user's corrections never
 * queue before another user's automatic cut-out. Requests queue in their lane; a job past its lane's
 * time limit is stopped (its thread is replaced) and fails with a CutoutTimeout error; a thread that
 * dies fails only the request it was running and is replaced. Without threads
 * (configureCutoutThread(false)) the work runs on the calling thread.
 */
import { existsSync } from 'node:fs';
import { CUTOUT_TIME_LIMIT_MS } from './limits';
import { Worker } from 'node:worker_threads';
import type { RawImage } from '../image/sharp';
import { errorFrom, type ThreadError } from '../thread-errors';
import { memoryWanted } from '../when-idle';
import { mayRunModel, paintsOnly, runCutout, type CutoutJob, type CutoutResult } from './run';

export type CutoutRequest = { id: number; image: RawImage; job: CutoutJob };
export type CutoutReply =
  | { id: number; started: true }
  | { id: number; ok: true; result: CutoutResult }
  | { id: number; ok: false; error: ThreadError };

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

export { CUTOUT_TIME_LIMIT_MS };
export type CutoutLane = keyof typeof CUTOUT_TIME_LIMIT_MS;

/** A cut-out stopped for running past its lane's time limit. */
export class CutoutTimeout extends Error {
  constructor(limitMs: number) {
    super(`the cut-out took longer than ${limitMs} ms and was stopped`);
    this.name = 'CutoutTimeout';
  }
}

/** Results cross threads as plain byte arrays: the engine's callers expect Buffers. */
function revive(result: CutoutResult): CutoutResult {
  const buffer = (image: RawImage): RawImage => {
    const view = image.data as Uint8Array;
    return { ...image, data: Buffer.from(view.buffer, view.byteOffset, view.byteLength) };
  };
  return {
    ...result,
    cutout: {
      ...result.cutout,
      image: buffer(result.cutout.image),
      ...(result.cutout.painted && { painted: buffer(result.cutout.painted) }),
    },
    mask: result.mask && {
      ...result.mask,
      alpha: result.mask.alpha && buffer(result.mask.alpha),
      ...(result.mask.base && { base: buffer(result.mask.base) }),
    },
  };
}

/**
 * The paint lane's thread stops after this long without work (about 55 MB of memory back); the next
 * correction starts it again in a fraction of a second. The find lane stays warm (OpenCV compiled).
 */
export const PAINT_IDLE_MS = 60_000;

class CutoutThread {
  private worker: Worker | null = null;
  private running: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;
  private readonly queue: Pending[] = [];
  private nextId = 1;

  /** `onStart`: called with each job as it starts on the thread. */
  constructor(
    private readonly limitMs: number,
    private readonly idleMs: number | null = null,
    private readonly onStart: (job: CutoutJob) => void = () => {},
  ) {}

  run(image: RawImage, job: CutoutJob): Promise<CutoutResult> {
    const decision =
      job.decision && !job.decision.framed
        ? { ...job.decision, alpha: shared(job.decision.alpha) }
        : job.decision;
    const base = job.base && shared(job.base);
    const request = {
      id: this.nextId++,
      image: shared(image),
      job: { ...job, decision, ...(base && { base }) },
    };
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  /** With nothing left to do, the thread stops after `idleMs` (when the lane has one). */
  private rest(): void {
    const worker = this.worker;
    if (this.idleMs === null || !worker || this.running || this.queue.length) return;
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.running) return;
      this.worker = null;
      void worker.terminate();
    }, this.idleMs);
    this.idle.unref();
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
    this.onStart(this.running.request.job);
  }

  /**
   * The running job's time limit, counted from when its thread starts it (a thread's own start, which
   * loads the engine, is not the job's time).
   */
  private startClock(worker: Worker): void {
    const running = this.running;
    if (!running) return;
    this.timer = setTimeout(() => {
      if (this.running !== running) return;
      // The thread is busy in synchronous work: only stopping it stops the job.
      this.running = null;
      this.worker = null;
      void worker.terminate();
      running.reject(new CutoutTimeout(this.limitMs));
      this.next();
    }, this.limitMs);
    this.timer.unref();
  }

  private settled(): Pending | null {
    const pending = this.running;
    this.running = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return pending;
  }

  private spawn(): Worker {
    const worker = new Worker(entry());
    worker.on('message', (reply: CutoutReply) => {
      if (this.running?.request.id !== reply.id) return;
      if ('started' in reply) return this.startClock(worker);
      const pending = this.settled()!;
      worker.unref();
      if (reply.ok) pending.resolve(revive(reply.result));
      else pending.reject(errorFrom(reply.error));
      this.next();
      this.rest();
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.settled()?.reject(error);
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`cut-out thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Whether a worker thread is running (or waiting for work) now. */
  get alive(): boolean {
    return this.worker !== null;
  }

  /** Whether a job is being worked on now. */
  get busy(): boolean {
    return this.running !== null;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const closed = () => new Error('the cut-out thread is closed');
    for (const pending of this.queue.splice(0)) pending.reject(closed());
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // The job running is let finish (or stop at its time limit, or with its thread), never waited on for ever.
    if (this.running)
      await new Promise<void>((done) => {
        worker.once('message', () => done());
        worker.once('exit', () => done());
      });
    this.settled()?.reject(closed());
    await worker.terminate();
  }
}

let threads: Partial<Record<CutoutLane, CutoutThread>> = {};
let useThread = true;
let limits: Record<CutoutLane, number> = { ...CUTOUT_TIME_LIMIT_MS };
let paintIdleMs = PAINT_IDLE_MS;

/**
 * Whether cut-outs run on their own threads (the default) or on the calling thread, each lane's time
 * limit (CUTOUT_TIME_LIMIT_MS unless given) and how long the paint lane's thread waits for work before
 * it stops (PAINT_IDLE_MS unless given). The threads start again with the new settings.
 */
export async function configureCutoutThread(
  enabled: boolean,
  timeLimitsMs: Partial<Record<CutoutLane, number>> = {},
  idleMs: number = PAINT_IDLE_MS,
): Promise<void> {
  useThread = enabled;
  limits = { ...CUTOUT_TIME_LIMIT_MS, ...timeLimitsMs };
  paintIdleMs = idleMs;
  await closeCutoutThread();
}

/** The lanes whose thread is running now. */
export function liveCutoutLanes(): CutoutLane[] {
  return (Object.keys(threads) as CutoutLane[]).filter((lane) => threads[lane]?.alive);
}

/** The lanes working on a job now. */
export function busyCutoutLanes(): CutoutLane[] {
  return (Object.keys(threads) as CutoutLane[]).filter((lane) => threads[lane]?.busy);
}

export async function closeCutoutThread(): Promise<void> {
  const old = Object.values(threads);
  threads = {};
  await Promise.all(old.map((thread) => thread.close()));
}

/**
 * Cuts the product out of decoded pixels (RGBA), on its lane's cut-out thread when there is one. A job
 * that may run the model (whose inference takes some 180 MB for a third of a second in its process)
 * asks idle render threads, as it starts, to let go of what they kept (when-idle.ts, memoryWanted).
 */
export function cutOutProduct(rgba: RawImage, job: CutoutJob = {}): Promise<CutoutResult> {
  const lane: CutoutLane = paintsOnly(job) ? 'paint' : 'find';
  if (!useThread) {
    if (mayRunModel(job)) memoryWanted();
    return runCutout(rgba, job);
  }
  const thread = (threads[lane] ??=
    lane === 'paint'
      ? new CutoutThread(limits.paint, paintIdleMs)
      : new CutoutThread(limits.find, null, (started) => {
          if (mayRunModel(started)) memoryWanted();
        }));
  return thread.run(rgba, job);
}
