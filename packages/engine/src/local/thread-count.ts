/**
 * How many render threads (threads.ts) by default and at most. A module of its own, with nothing
 * heavy behind it: the server's configuration reads it at boot, before any of the engine is loaded.
 */
import os from 'node:os';

/** Memory a render thread is given by default (each one adds about 55 MB to the server's peak). */
export const MEMORY_PER_RENDER_THREAD = 2 * 1024 ** 3;
/**
 * What a machine sold with N GB reports less than N (the kernel's own reservations): a "4 GB" server
 * shows about 3.8 GiB, and must still count as 4.
 */
const RESERVED = 512 * 1024 ** 2;

/**
 * One thread per core, up to four (more would only share the same cores), and one per
 * MEMORY_PER_RENDER_THREAD of the memory the process may use, at least one: a server rented with
 * 1 or 2 GB renders on one thread, about 55 MB less at the peak than with two.
 */
export function defaultRenderThreads(cores: number, memoryBytes: number): number {
  const byMemory = Math.floor((memoryBytes + RESERVED) / MEMORY_PER_RENDER_THREAD);
  return Math.max(1, Math.min(4, cores, byMemory));
}

/**
 * The memory this process may use: the machine's, or a container's limit when it is lower
 * (`process.constrainedMemory` reads the cgroup's; without one it answers undefined on Node 20, 0 on
 * later versions, or a huge number).
 */
export function usableMemory(): number {
  const total = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 ? Math.min(total, constrained) : total;
}

export const DEFAULT_RENDER_THREADS = defaultRenderThreads(os.availableParallelism(), usableMemory());
export const MAX_RENDER_THREADS = 16;
