/**
 * Memory given back when a thread falls idle. A render leaves its garbage (the buffers of the images it
 * drew, some 40 MB a thread) until the thread's next allocation brings a collection, and an idle thread
 * allocates nothing: the server idled 80–100 MB above what it held. Once a thread has had no work for
 * IDLE_MS, one full collection runs in it. The collection is V8's own (`gc`, enabled for this purpose
 * when first needed); where it cannot be had, nothing is done.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { giveBackFreedMemory } from './give-back';

/** A thread that has had no work this long is idle: no request in progress pays for a collection. */
export const IDLE_MS = 5000;

/** V8's `gc`: a full collection, or with `{ type: 'minor' }` only the young generation's. */
type Collect = (options?: { type: 'minor' | 'major' }) => void;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  } catch {
    collect = null;
  } finally {
    // Only this function was wanted: contexts made from now on get no global `gc`.
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Whether a thread can run a full collection when idle (the check of this module's test). */
export const canCollect = (): boolean => typeof collector() === 'function';

/**
 * Counts a thread's work in flight: `started()` when a task begins, `finished()` when it ends; once
 * none has been in flight for IDLE_MS, `onIdle` runs (what the thread keeps for its work is let go
 * there) and then one full collection. `now()` lets go at once, with a collection of the young
 * generation only, when no work is in flight and it has not done so since the last work; the full
 * collection still comes at IDLE_MS (what a render left in the old generation only it frees).
 */
export function idleCollector(onIdle: () => void = () => {}) {
  let inFlight = 0;
  let keptSinceWork = false;
  let timer: NodeJS.Timeout | null = null;
  return {
    started() {
      inFlight++;
      keptSinceWork = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    finished() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        keptSinceWork = false;
        onIdle();
        collector()?.();
        // What the collection freed, and what libvips freed, is handed back to the system (decision 104).
        void giveBackFreedMemory();
      }, IDLE_MS);
      // A pending collection never keeps a thread alive.
      timer.unref();
    },
    now() {
      if (inFlight > 0 || !keptSinceWork) return;
      keptSinceWork = false;
      onIdle();
      // Asked for at once, while other work may be running on the process: the young generation, where
      // the last render's buffers wait, is collected in a few milliseconds; a full collection would stall
      // the thread longer (decision 100).
      collector()?.({ type: 'minor' });
      void giveBackFreedMemory();
    },
  };
}

const memoryWantedListeners = new Set<() => void>();

/**
 * Work that takes much memory for a moment is starting (the cut-out model's inference, in a process
 * of its own): whatever idle threads kept from their last work is let go now rather than at IDLE_MS,
 * so the two do not add up (decision 100). Called on the thread that runs the process's thread pools.
 */
export function memoryWanted(): void {
  for (const listener of memoryWantedListeners) listener();
}

/** `listener` runs on each `memoryWanted()`; the function returned stops it. */
export function onMemoryWanted(listener: () => void): () => void {
  memoryWantedListeners.add(listener);
  return () => memoryWantedListeners.delete(listener);
}
