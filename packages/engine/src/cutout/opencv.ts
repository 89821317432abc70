/**
 * OpenCV, compiled to WebAssembly (@techstark/opencv-js), loaded once per thread on first use: about
 * a third of a second, then every call is synchronous. Mats live in the WebAssembly heap and must be
 * deleted; `withMats` does it whatever happens.
 */
import { createRequire } from 'node:module';
import type { Mat } from '@techstark/opencv-js';

export type OpenCv = typeof import('@techstark/opencv-js');

let loading: Promise<{ cv: OpenCv }> | null = null;

/**
 * The OpenCV module, ready to use. It is loaded with require, not import(): the Emscripten module is
 * a thenable, and awaiting it (as awaiting an import's namespace may) never settles. For the same
 * reason it is handed back wrapped.
 */
export function openCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise((resolve, reject) => {
    try {
      const module = withoutProcessHandlers(
        () =>
          createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & {
            onRuntimeInitialized?: () => void;
          },
      );
      if (typeof module.Mat === 'function') resolve({ cv: module });
      else module.onRuntimeInitialized = () => resolve({ cv: module });
    } catch (error) {
      reject(error as Error);
    }
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Emscripten's runtime installs process-wide handlers when it loads: one that prints its whole
 * source on any uncaught exception, one that aborts on any unhandled rejection. The process's own
 * handling must stay in charge, so whatever it added is taken off again.
 */
function withoutProcessHandlers<T>(load: () => T): T {
  const exceptions = new Set(process.listeners('uncaughtException'));
  const rejections = new Set(process.listeners('unhandledRejection'));
  try {
    return load();
  } finally {
    for (const listener of process.listeners('uncaughtException'))
      if (!exceptions.has(listener)) process.removeListener('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection'))
      if (!rejections.has(listener)) process.removeListener('unhandledRejection', listener);
  }
}

/** Runs `work` and deletes every Mat it registered, even when it throws. */
export function withMats<T>(work: (keep: <M extends Mat>(mat: M) => M) => T): T {
  const mats: Mat[] = [];
  try {
    return work((mat) => {
      mats.push(mat);
      return mat;
    });
  } finally {
    for (const mat of mats) if (!mat.isDeleted()) mat.delete();
  }
}
