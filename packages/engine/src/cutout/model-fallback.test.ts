/**
 * A cut-out model that fails: the engine's own segmentation cuts the product out, and the operator is
 * told why, once a minute at most.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { syntheticProduct } from '../samples/synthetic';
import * as tiny from '../test-utils/tiny-onnx';
import { DEFAULT_SALIENCY_MODEL } from './model';
import { runCutout } from './run';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-model-fallback-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('a cut-out model that fails', () => {
  it('cannot be loaded: the product is cut out all the same, and the log says why, once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const warn = warnings();
    const { photo } = await syntheticProduct('jar', 'white');
    const model = { ...DEFAULT_SALIENCY_MODEL, path: path.join(dir, 'removed.onnx') };

    const first = await runCutout(photo, { model });
    expect(first.mask?.framed).toBe(false);
    expect(first.mask?.method).not.toBe('model');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /removed\.onnx could not be loaded: .*ENOENT.*; the cut-out uses the engine's own segmentation/,
    );

    vi.setSystemTime(Date.now() + 30_000);
    await runCutout(photo, { model });
    expect(warn).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 31_000);
    await runCutout(photo, { model });
    expect(warn).toHaveBeenCalledTimes(2);
  }, 60_000);

  it('fails at inference: the engine segments the photo, and the log says why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
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
    expect(String(warn.mock.calls[0]![0])).toMatch(/failed: .*not one map.*own segmentation/);
  }, 60_000);
});
