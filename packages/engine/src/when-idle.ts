/**
 * Memory given back when a thread falls idle. A render leaves its garbage (the buffers of the images it
 * drew, some 40 MB a thread) until the thread's next allocation brings a collection, and an idle thread
 * allocates nothing: the server idled 80–100 MB above what it held. Once a thread has had no work for
 * IDLE_MS, one full collection runs in it. The collection is V8's own (`gc`, enabled for this purpose
 * when first needed); where it cannot be had, nothing is done.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** A thread that has had no work this long is idle: no request in progress pays for a collection. */
export const IDLE_MS = 5000;

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
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
 * there) and then one full collection.
 */
export function idleCollector(onIdle: () => void = () => {}) {
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  return {
    started() {
      inFlight++;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    finished() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        onIdle();
        collector()?.();
      }, IDLE_MS);
      // A pending collection never keeps a thread alive.
      timer.unref();
    },
  };
}
