/**
 * Render threads: variants are rendered on worker threads, one variant per thread at a time, so the
 * pixel loops of a request's variants run on every core at once and the calling thread (a server's
 * event loop) stays free. The decoded uploads are copied once into shared memory and read by every
 * thread in place. With no threads configured, variants render on the calling thread, two in flight
 * (parallel.ts).
 *
 * A thread is never terminated while it works (libvips may be mid-operation); a stopped request simply
 * starts no more variants. A thread that dies takes only its own variant down, and is replaced.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ExpressPlan } from '../art-direction/express-plan';
import type { FusionPlan } from '../art-direction/types';
import { errorFrom, threadError } from '../thread-errors';
import { onMemoryWanted } from '../when-idle';
import { DEFAULT_RENDER_THREADS } from './thread-count';
import { renderExpressOnScene } from './express/model-scene';
import { renderFusionOnScene } from './fusion/model-scene';
import type { RenderFormat } from './encode';
import { VARIANTS_IN_FLIGHT } from './parallel';
import {
  reviveImages,
  shareContext,
  sharedLogo,
  shareProduct,
  type LetGoMessage,
  type ProductMessage,
  type SharedProduct,
  type ThreadReply,
  type ThreadRequest,
  type ThreadTask,
} from './thread-messages';
import type { PreparedContext, ProductSource } from './prepare';
import { renderExpressVariant, type RenderedExpress } from './express/render-express';
import { renderFusionVariant, type RenderedImage } from './fusion/render-fusion';

/**
 * The thread's entry: from the TypeScript sources (tests, CLI, benchmarks), a small bootstrap that
 * loads them through tsx; in the server bundle, the bundled entry next to it (scripts/build-server.mjs
 * writes dist/render-thread.mjs, and this module may sit in dist/ or dist/chunks/).
 */
function threadEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./render-thread-tsx.mjs', here);
  for (const candidate of ['./render-thread.mjs', '../render-thread.mjs']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return url;
  }
  throw new Error(`render thread entry not found next to ${here}`);
}

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };
/** `product`: the cut-out a fusion task waits for, sent to the thread once it is ready. */
type Job = { request: ThreadRequest; pending: Pending; product?: Promise<SharedProduct> };
type Thread = { worker: Worker; job: Job | null; settled: Promise<void> };

class RenderThreads {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private idle: NodeJS.Timeout | null = null;

  /** `idleMs`: how long the threads wait for work before they stop (null: never). */
  constructor(
    readonly size: number,
    private readonly idleMs: number | null = null,
  ) {}

  /** How many threads are running now. */
  get alive(): number {
    return this.threads.length;
  }

  run<R>(task: ThreadTask, product?: Promise<SharedProduct>): Promise<R> {
    if (this.closed) return Promise.reject(new Error('render threads are closed'));
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // A job still queued when the cut-out fails has no thread to tell yet: its variant fails once
    // dispatched, and the rejection must not go unhandled meanwhile.
    product?.catch(() => undefined);
    return new Promise<R>((resolve, reject) => {
      const pending = { resolve: resolve as (result: unknown) => void, reject };
      this.queue.push({ request: { id: this.nextId++, task }, pending, product });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length && !this.closed) {
      let thread: Thread | null;
      try {
        thread = this.threads.find((t) => !t.job) ?? this.spawn();
      } catch (error) {
        // No thread can start (e.g. its entry is missing from a build): the waiting variants fail.
        for (const { pending } of this.queue.splice(0)) pending.reject(error as Error);
        return;
      }
      if (!thread) return;
      const job = this.queue.shift()!;
      const { resolve, reject } = job.pending;
      // `settled` lets close() wait for the variant in progress.
      thread.settled = new Promise<void>((done) => {
        job.pending = {
          resolve: (result) => (done(), resolve(result)),
          reject: (error) => (done(), reject(error)),
        };
      });
      thread.job = job;
      // Only a working thread keeps the process alive.
      thread.worker.ref();
      thread.worker.postMessage(job.request);
      const id = job.request.id;
      job.product?.then(
        (product) => thread.worker.postMessage({ productFor: id, product } satisfies ProductMessage),
        (error: unknown) =>
          thread.worker.postMessage({ productFor: id, error: threadError(error) } satisfies ProductMessage),
      );
    }
  }

  private spawn(): Thread | null {
    if (this.threads.length >= this.size) return null;
    const worker = new Worker(threadEntry());
    const thread: Thread = { worker, job: null, settled: Promise.resolve() };
    worker.on('message', (reply: ThreadReply) => {
      const job = thread.job;
      if (!job || reply.id !== job.request.id) return;
      thread.job = null;
      worker.unref();
      if (reply.ok) job.pending.resolve(reviveImages(reply.result));
      else job.pending.reject(errorFrom(reply.error));
      this.dispatch();
      this.rest();
    });
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      thread.job?.pending.reject(error);
      thread.job = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`render thread stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  /**
   * With nothing left to do, the threads stop after `idleMs` (their memory, about 100 MB each, goes back
   * to the system); the next variant starts them again.
   */
  private rest(): void {
    if (this.idleMs === null || this.idle || this.queue.length || this.threads.some((t) => t.job)) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      if (this.queue.length || this.threads.some((t) => t.job)) return;
      for (const { worker } of this.threads.splice(0)) void worker.terminate();
    }, this.idleMs);
    this.idle.unref();
  }

  /** Each thread without a variant to render lets go of what it kept from its last ones. */
  letGo(): void {
    for (const { worker, job } of this.threads)
      if (!job) worker.postMessage({ letGo: true } satisfies LetGoMessage);
  }

  /** Stops every thread once the variant it is rendering is done (never mid-operation). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    for (const { pending } of this.queue.splice(0)) pending.reject(new Error('render threads are closed'));
    await Promise.all(this.threads.map((t) => t.settled));
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

let pool: RenderThreads | null = null;
// While the cut-out model infers, the threads' garbage is not kept beside it (decision 100).
onMemoryWanted(() => pool?.letGo());
let configured = DEFAULT_RENDER_THREADS;
let configuredIdleMs: number | null = null;

/**
 * How many render threads to use (0: render on the calling thread), and how long they wait for work
 * before they stop (null: never; a server sets ENGINE_IDLE_SECONDS). The threads in use are stopped
 * once their variants are done; the next render starts the new number.
 */
export async function configureRenderThreads(count: number, idleMs: number | null = null): Promise<void> {
  if (count === configured && idleMs === configuredIdleMs) return;
  configured = count;
  configuredIdleMs = idleMs;
  const old = pool;
  pool = null;
  await old?.close();
}

/** How many render threads are running now (stopped ones start again on the next render). */
export function liveRenderThreads(): number {
  return pool?.alive ?? 0;
}

function threads(): RenderThreads | null {
  if (configured <= 0) return null;
  pool ??= new RenderThreads(configured, configuredIdleMs);
  return pool;
}

/** Stops the render threads (e.g. when a server shuts down); the next render starts them again. */
export async function closeRenderThreads(): Promise<void> {
  const old = pool;
  pool = null;
  await old?.close();
}

/** How many variants of a request to render at once. */
export function variantsInFlight(): number {
  return threads()?.size ?? VARIANTS_IN_FLIGHT;
}

/** A Fusion variant on a render thread: on the context, or on a scene a model drew. */
function fusionOnThread(
  pool: RenderThreads,
  kind: 'fusion' | 'fusion-on-scene',
  planned: FusionPlan,
  product: ProductSource,
  context: PreparedContext,
  formats?: RenderFormat[],
) {
  const shared = shareContext(context);
  const plan = sharedLogo(planned);
  if (!(product instanceof Promise)) {
    return pool.run<RenderedImage>({ kind, plan, product: shareProduct(product), context: shared, formats });
  }
  const task = { kind, plan, product: null, context: shared, formats };
  return pool.run<RenderedImage>(task, product.then(shareProduct));
}

/** Renders each kind of variant on a render thread when there are any, else on this thread. */
export const variantRenderer = {
  fusion(plan: FusionPlan, product: ProductSource, context: PreparedContext, formats?: RenderFormat[]) {
    const pool = threads();
    if (!pool) return renderFusionVariant(plan, product, context, formats);
    return fusionOnThread(pool, 'fusion', plan, product, context, formats);
  },
  fusionOnScene(plan: FusionPlan, product: ProductSource, scene: PreparedContext, formats?: RenderFormat[]) {
    const pool = threads();
    if (!pool) return renderFusionOnScene(plan, product, scene, formats);
    return fusionOnThread(pool, 'fusion-on-scene', plan, product, scene, formats);
  },
  express(plan: ExpressPlan, formats?: RenderFormat[]) {
    const pool = threads();
    if (!pool) return renderExpressVariant(plan, formats);
    return pool.run<RenderedExpress>({ kind: 'express', plan: sharedLogo(plan), formats });
  },
  expressOnScene(plan: ExpressPlan, scene: PreparedContext, formats?: RenderFormat[]) {
    const pool = threads();
    if (!pool) return renderExpressOnScene(plan, scene, formats);
    const task = {
      kind: 'express-on-scene',
      plan: sharedLogo(plan),
      scene: shareContext(scene),
      formats,
    } as const;
    return pool.run<RenderedExpress>(task);
  },
};
