/**
 * How many render threads (threads.ts) by default and at most. A module of its own, with nothing
 * heavy behind it: the server's configuration reads it at boot, before any of the engine is loaded.
 */
import os from 'node:os';

/** One per core, up to four; more would only share the same cores. */
export const DEFAULT_RENDER_THREADS = Math.min(4, os.availableParallelism());
export const MAX_RENDER_THREADS = 16;
