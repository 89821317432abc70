/**
 * A cut-out model that fails: the product is cut out all the same, and the operator is told why and
 * what was done instead, once a minute at most for each consequence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { syntheticProduct } from '../samples/synthetic';
import * as tiny from '../test-utils/tiny-onnx';
import { DEFAULT_SALIENCY_MODEL, type SaliencyModel } from './model';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-model-fallback-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
// Each test starts with the log's rate limit fresh (its state is the module's).
beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);
const said = (warn: ReturnType<typeof warnings>, call: number) => String(warn.mock.calls[call]![0]);

describe('a cut-out model that fails', () => {
  it('cannot be loaded: the product is cut out all the same, and the log says why, once a minute', async () => {
    const { runCutout } = await import('./run');
    const warn = warnings();
    const { photo } = await syntheticProduct('jar', 'white');
    const model = { ...DEFAULT_SALIENCY_MODEL, path: path.join(dir, 'removed.onnx') };

    const first = await runCutout(photo, { model });
    expect(first.mask?.framed).toBe(false);
    expect(first.mask?.method).not.toBe('model');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(said(warn, 0)).toMatch(
      /removed\.onnx could not be loaded: .*ENOENT.*; the cut-out uses the engine's own segmentation$/,
    );

    vi.setSystemTime(Date.now() + 30_000);
    await runCutout(photo, { model });
    expect(warn).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 31_000);
    await runCutout(photo, { model });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(said(warn, 1)).toMatch(/own segmentation \(1 more such failure in the last minute\)$/);
  }, 60_000);

  it('fails at inference: the engine segments the photo, and the log says why', async () => {
    const { runCutout } = await import('./run');
    const warn = warnings();
    const file = path.join(dir, 'three-channels.onnx');
    await writeFile(file, tiny.identityModel(32));
    const { photo } = await syntheticProduct('bottle', 'busy');

    const result = await runCutout(photo, {
      model: { ...DEFAULT_SALIENCY_MODEL, path: file, inputSize: 32 },
    });
    expect(result.mask?.alpha).not.toBeNull();
    expect(result.mask?.method).toBe('segmented');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(said(warn, 0)).toMatch(/failed: .*not one map.*; the cut-out uses the engine's own segmentation$/);
  }, 60_000);

  it("fails on its second look inside a box: the whole photo's map is kept, and the log says so", async () => {
    const { findMask } = await import('./cutout');
    const warn = warnings();
    const { photo } = await syntheticProduct('bottle', 'busy');
    // A model that finds the middle of the photo, then fails on the box's crop.
    let looks = 0;
    const model: SaliencyModel = {
      async predict(rgb) {
        if (looks++ > 0) throw new Error('Cut-out model lost: its process ended');
        const map = new Float32Array(rgb.width * rgb.height);
        for (let y = 0; y < rgb.height; y++)
          for (let x = 0; x < rgb.width; x++) {
            const dx = (x / rgb.width - 0.5) / 0.2;
            const dy = (y / rgb.height - 0.55) / 0.35;
            map[y * rgb.width + x] = dx * dx + dy * dy < 1 ? 1 : 0;
          }
        return map;
      },
    };
    const box = { x: 0.2, y: 0.1, width: 0.6, height: 0.85 };

    const found = await findMask(photo, { model, corrections: { box, strokes: [] } });
    expect(looks).toBe(2);
    expect(found.alpha).not.toBeNull();
    expect(found.framed).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(said(warn, 0)).toMatch(
      /Cut-out model lost: its process ended; the cut-out goes on with the model's map of the whole photo$/,
    );
  }, 60_000);
});
