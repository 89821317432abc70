/**
 * A test file's generations rendered by the real worker and engine: the sample photos' kit, made
 * before the file's tests with a worker started on the local renderer, the worker stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Worker } from '../../src/jobs/worker';
import { createLocalRenderer } from '../../src/modules/generations/render';
import { contextJpeg, generationKit, productJpeg } from './generations';
import { startTestWorker, type TestApp } from './test-app';

export function useRenderingKit(t: TestApp): () => ReturnType<typeof generationKit> {
  let kit: ReturnType<typeof generationKit> | undefined;
  let worker: Worker | undefined;
  beforeAll(async () => {
    kit = generationKit(t, { product: await productJpeg(), context: await contextJpeg() });
    worker = await startTestWorker(t, createLocalRenderer());
  });
  afterAll(async () => {
    await worker?.stop(2000);
  });
  return () => {
    if (!kit) throw new Error('the rendering kit is made before the tests');
    return kit;
  };
}
