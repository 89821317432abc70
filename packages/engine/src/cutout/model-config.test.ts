/**
 * Which cut-out model the engine runs: the one CUTOUT_MODEL names, else the one `npm install` put in
 * place, else none (the engine's own segmentation); `none` turns models off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saliencyModelFromEnv, toSaliencyModelConfig } from './model-config';
import { installedModelPath } from './model-download';

/** Where npm install put the cut-out model (packages/engine/models). */
const INSTALLED_MODEL = installedModelPath()!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-model-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const installed = path.join(dir, 'installed.onnx');
const other = path.join(dir, 'isnet.onnx');
fs.writeFileSync(installed, 'weights');
fs.writeFileSync(other, 'other weights');
/** The parsed keys, CUTOUT_MODEL aside, at U²-Net's defaults. */
const env = (model?: string) => ({
  CUTOUT_MODEL: model,
  CUTOUT_MODEL_INPUT_SIZE: 320,
  CUTOUT_MODEL_MEAN: [0.485, 0.456, 0.406] as [number, number, number],
  CUTOUT_MODEL_STD: [0.229, 0.224, 0.225] as [number, number, number],
  CUTOUT_MODEL_IDLE_SECONDS: 5,
});

describe('the cut-out model in use', () => {
  it('is the installed model when CUTOUT_MODEL is unset', () => {
    expect(toSaliencyModelConfig(env(), installed)?.path).toBe(installed);
  });

  it('is none when nothing is installed and CUTOUT_MODEL is unset: the engine cuts out on its own', () => {
    expect(toSaliencyModelConfig(env(), path.join(dir, 'absent.onnx'))).toBeUndefined();
  });

  it('is the file CUTOUT_MODEL names, installed or not', () => {
    expect(toSaliencyModelConfig(env(other), installed)?.path).toBe(other);
    expect(toSaliencyModelConfig(env(other), path.join(dir, 'absent.onnx'))?.path).toBe(other);
  });

  it('is none when CUTOUT_MODEL is "none", even with a model installed', () => {
    expect(toSaliencyModelConfig(env('none'), installed)).toBeUndefined();
    expect(toSaliencyModelConfig(env('None'), installed)).toBeUndefined();
  });

  it('is found, when installed, in packages/engine/models, and read from the environment as the server reads it', () => {
    expect(INSTALLED_MODEL).toBe(path.resolve(import.meta.dirname, '../../models/u2netp.onnx'));
    expect(fs.existsSync(INSTALLED_MODEL), `${INSTALLED_MODEL} is missing: run npm run cutout-model`).toBe(
      true,
    );
    expect(saliencyModelFromEnv({})?.path).toBe(INSTALLED_MODEL);
    expect(saliencyModelFromEnv({ CUTOUT_MODEL: '  ' })?.path).toBe(INSTALLED_MODEL);
    expect(saliencyModelFromEnv({ CUTOUT_MODEL: 'none' })).toBeNull();
    expect(saliencyModelFromEnv({ CUTOUT_MODEL: other })?.path).toBe(other);
    expect(() => saliencyModelFromEnv({ CUTOUT_MODEL: path.join(dir, 'absent.onnx') })).toThrow(
      'CUTOUT_MODEL: no file at this path (it names the ONNX model file, or is "none")',
    );
  });

  it('is none when the engine package cannot be found (a server copied without it)', () => {
    expect(toSaliencyModelConfig(env(), null)).toBeUndefined();
  });
});
