/**
 * "Every format" from one generation: one variant of a Fusion request composed again in each format,
 * from the uploaded files, the product cut out once, through the image provider as the worker runs it
 * (providers/index.ts, a request with everyFormat), on the render threads.
 */
import { performance } from 'node:perf_hooks';
import { FUSION_FORMATS, type FusionRequest } from '@vitrine/shared/api/generation';
import { createImageProvider } from '../packages/engine/src/providers/index';
import { percentile, round } from './lib';

/** The figure: every format for one variant, p50, on 2 cores. */
export const EVERY_FORMAT_TARGET_MS = 2500;

export async function timeEveryFormat(
  request: (i: number) => FusionRequest,
  files: { product: Buffer; context: Buffer },
  runs: number,
) {
  const times: number[] = [];
  let images = 0;
  const provider = createImageProvider();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const done = await provider.renderFusion({
      request: { ...request(i), variants: 1, everyFormat: true },
      ...files,
    });
    times.push(performance.now() - t0);
    images = done.length;
  }
  const p50 = round(percentile(times, 50), 0);
  return {
    formats: FUSION_FORMATS.length,
    images_per_request: images,
    p50_ms: p50,
    p95_ms: round(percentile(times, 95), 0),
    runs,
    target: { value: p50, limit: EVERY_FORMAT_TARGET_MS, pass: p50 <= EVERY_FORMAT_TARGET_MS },
  };
}
