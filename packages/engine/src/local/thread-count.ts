/**
 * How many render threads (threads.ts) by default and at most. A module of its own, with nothing
 * heavy behind it: the server's configuration reads it at boot, before any of the engine is loaded.
 */
import os from 'node:os';

/** Memory a render thread is given by default: a thread costs about 80 MB more at the peak. */
export const MEMORY_PER_RENDER_THREAD = 2 * 1024 ** 3;

/**
 * One thread per core, up to four (more would only share the same cores), and one per
 * MEMORY_PER_RENDER_THREAD of the memory the process may use, at least one: a server rented with
 * 1 or 2 GB renders on one thread and stays under 800 MB with its model's process.
 */
export function defaultRenderThreads(cores: number, memoryBytes: number): number {
  return Math.max(1, Math.min(4, cores, Math.floor(memoryBytes / MEMORY_PER_RENDER_THREAD)));
}

/**
 * The memory this process may use: the machine's, or a container's limit when it is lower
 * (`process.constrainedMemory` reads the cgroup's; it answers 0 or a huge number without one).
 */
export function usableMemory(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 ? Math.min(total, constrained) : total;
}

export const DEFAULT_RENDER_THREADS = defaultRenderThreads(os.availableParallelism(), usableMemory());
export const MAX_RENDER_THREADS = 16;
