/** The salient-object model, loaded and run for real by ONNX Runtime on tiny test-built models. */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawImage } from '../image/sharp';
import * as tiny from '../test-utils/tiny-onnx';
import { DEFAULT_SALIENCY_MODEL, loadSaliencyModel, type SaliencyModelConfig } from './model';
import { allocatorSettings } from './model-process';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const BLACK: Rgb = [0, 0, 0];

let dir: string;
let files = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-model-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function modelFile(bytes: Buffer | string): Promise<string> {
  const file = path.join(dir, `model-${files++}.onnx`);
  await writeFile(file, bytes);
  return file;
}

const configFor = (file: string, overrides: Partial<SaliencyModelConfig> = {}): SaliencyModelConfig => ({
  ...DEFAULT_SALIENCY_MODEL,
  path: file,
  ...overrides,
});

/** An RGB image whose colour depends only on the column. */
function columns(width: number, height: number, colourAt: (x: number) => Rgb): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colourAt(x), (y * width + x) * 3);
  }
  return { data, width, height, channels: 3 };
}

const redThenBlack = (width: number, height: number) =>
  columns(width, height, (x) => (x < width / 2 ? RED : BLACK));

/** The map's values in columns [from, to), every row. */
function valuesIn(map: Float32Array, width: number, from: number, to: number): number[] {
  return Array.from(map).filter((_, p) => p % width >= from && p % width < to);
}

describe('salient-object model', () => {
  it('finds a red subject on the left, at the photo size rather than the model size', async () => {
    const model = await loadSaliencyModel(configFor(await modelFile(tiny.redSubjectModel(320))));
    const map = await model.predict(redThenBlack(90, 50));

    expect(map).toHaveLength(90 * 50);
    expect(Math.min(...map)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...map)).toBeLessThanOrEqual(1);
    expect(Math.min(...valuesIn(map, 90, 0, 35))).toBeGreaterThan(0.95);
    expect(Math.max(...valuesIn(map, 90, 55, 90))).toBeLessThan(0.05);
  });

  it('normalises each channel with the configured mean and standard deviation, in RGB order', async () => {
    const stripes: Rgb[] = [RED, [0, 255, 0], [0, 0, 255], [128, 128, 128]];
    const mean: Rgb = [0.2, 0.5, 0.8];
    const std: Rgb = [0.25, 0.5, 1];
    // The model outputs the mean over the channels of the squared normalised input, then min-max scaling.
    const expected = (m: Rgb, s: Rgb) => {
      const raw = stripes.map(
        (rgb) => rgb.reduce((sum, v, c) => sum + ((v / 255 - m[c]!) / s[c]!) ** 2, 0) / 3,
      );
      const [low, high] = [Math.min(...raw), Math.max(...raw)];
      return raw.map((v) => (v - low) / (high - low));
    };
    const wanted = expected(mean, std);
    // The check can tell: without normalisation, or with another one, the stripes would read otherwise.
    for (const other of [expected([0, 0, 0], [1, 1, 1]), expected(DEFAULT_SALIENCY_MODEL.mean, std)]) {
      expect(Math.max(...other.map((v, i) => Math.abs(v - wanted[i]!)))).toBeGreaterThan(0.1);
    }

    // The photo is at the model's size, so neither resize blurs the 16-pixel stripes' centres.
    const file = await modelFile(tiny.squaredInputModel(64));
    const model = await loadSaliencyModel(configFor(file, { inputSize: 64, mean, std }));
    const map = await model.predict(columns(64, 64, (x) => stripes[Math.floor(x / 16)]!));

    stripes.forEach((_, i) => {
      for (const v of valuesIn(map, 64, i * 16 + 6, i * 16 + 10)) expect(v).toBeCloseTo(wanted[i]!, 3);
    });
  });

  it('honours the input size: a model made for 64 pixels runs at 64, and is refused at 320', async () => {
    const file = await modelFile(tiny.redSubjectModel(64));
    const map = await (
      await loadSaliencyModel(configFor(file, { inputSize: 64 }))
    ).predict(redThenBlack(40, 30));
    expect(map).toHaveLength(40 * 30);
    expect(Math.min(...valuesIn(map, 40, 0, 15))).toBeGreaterThan(0.95);

    await expect(loadSaliencyModel(configFor(file))).rejects.toThrow(
      /64x64 pixels, not the configured 320x320/,
    );
  });

  it('runs a model of any input size at the configured one', async () => {
    const file = await modelFile(tiny.redSubjectModel('side'));
    const model = await loadSaliencyModel(configFor(file, { inputSize: 48 }));
    const map = await model.predict(redThenBlack(100, 20));
    expect(map).toHaveLength(100 * 20);
    expect(Math.max(...valuesIn(map, 100, 60, 100))).toBeLessThan(0.05);
  });

  it('reads a map of rank 2 or 3 as well as 1x1xHxW', async () => {
    for (const rank of [2, 3] as const) {
      const file = await modelFile(tiny.squeezedRedModel(32, rank));
      const model = await loadSaliencyModel(configFor(file, { inputSize: 32 }));
      const map = await model.predict(redThenBlack(32, 32));
      expect(Math.min(...valuesIn(map, 32, 0, 12))).toBeGreaterThan(0.95);
      expect(Math.max(...valuesIn(map, 32, 20, 32))).toBeLessThan(0.05);
    }
  });

  it('gives zeros for a flat map, which says nothing about where the subject is', async () => {
    const file = await modelFile(tiny.constantModel(32, 0.7));
    const map = await (
      await loadSaliencyModel(configFor(file, { inputSize: 32 }))
    ).predict(redThenBlack(20, 10));
    expect(map).toEqual(new Float32Array(20 * 10));
  });

  it('loads each file once', async () => {
    const file = await modelFile(tiny.redSubjectModel(32));
    await loadSaliencyModel(configFor(file, { inputSize: 32 }));
    await writeFile(file, 'no longer a model');
    const again = await loadSaliencyModel(configFor(file, { inputSize: 32 }));
    expect(await again.predict(redThenBlack(8, 8))).toHaveLength(64);
  });
});

/** The processes of this one that run the model in `file` (Linux: read from /proc). */
function modelPids(file: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(file)) {
        pids.push(Number(entry));
      }
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

const modelProcesses = (file: string) => modelPids(file).length;

/** A process's resident memory in megabytes. */
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('the model’s process at rest', () => {
  it.runIf(process.platform === 'linux')(
    'stops once idle for its set time, and the model is loaded again for the next photo',
    async () => {
      const file = await modelFile(tiny.redSubjectModel(32));
      const model = await loadSaliencyModel(configFor(file, { inputSize: 32, idleMs: 150 }));
      const first = await model.predict(redThenBlack(20, 10));
      expect(modelProcesses(file)).toBe(1);
      await expect.poll(() => modelProcesses(file), { timeout: 5_000, interval: 50 }).toBe(0);
      expect(await model.predict(redThenBlack(20, 10))).toEqual(first);
      expect(modelProcesses(file)).toBe(1);
    },
  );

  it.runIf(process.platform === 'linux')('stops too when loaded and never asked', async () => {
    const file = await modelFile(tiny.redSubjectModel(32));
    await loadSaliencyModel(configFor(file, { inputSize: 32, idleMs: 150 }));
    expect(modelProcesses(file)).toBe(1);
    await expect.poll(() => modelProcesses(file), { timeout: 5_000, interval: 50 }).toBe(0);
  });
});

describe('the model’s process between inferences', () => {
  it('gets the server’s allocator settings, the operator’s own values kept', () => {
    expect(allocatorSettings({})).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(allocatorSettings({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '4194304' })).toEqual({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '4194304',
    });
  });

  it.runIf(process.platform === 'linux')(
    'lets go of each inference’s input and output, however the server was started: ten photos later it holds what it held after the first',
    async () => {
      // 12 MB in and 4 MB out an inference, as with a large model: left to the collector's own time,
      // ten of them piled up over 60 MB.
      const file = await modelFile(tiny.redSubjectModel(1024));
      const model = await loadSaliencyModel(configFor(file, { inputSize: 1024 }));
      await model.predict(redThenBlack(64, 64));
      const [pid] = modelPids(file);
      // Its collection comes just after it answers.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const first = residentMb(pid!);
      for (let i = 0; i < 10; i++) await model.predict(redThenBlack(64, 64));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(residentMb(pid!) - first).toBeLessThan(20);
    },
  );
});

describe('salient-object model failures (the cut-out then takes its default path)', () => {
  it('refuses a missing file', async () => {
    await expect(loadSaliencyModel(configFor(path.join(dir, 'absent.onnx')))).rejects.toThrow(
      /absent\.onnx could not be loaded: .*ENOENT/,
    );
  });

  it('refuses a file that is not an ONNX model', async () => {
    const file = await modelFile('{"weights": "not really"}');
    await expect(loadSaliencyModel(configFor(file))).rejects.toThrow(/could not be loaded/);
  });

  it('refuses an output of three channels', async () => {
    const model = await loadSaliencyModel(
      configFor(await modelFile(tiny.identityModel(32)), { inputSize: 32 }),
    );
    await expect(model.predict(redThenBlack(16, 16))).rejects.toThrow(/shape \[1, 3, 32, 32\], not one map/);
  });

  it('refuses a map of another size than the input', async () => {
    const model = await loadSaliencyModel(
      configFor(await modelFile(tiny.halfSizeModel(32)), { inputSize: 32 }),
    );
    await expect(model.predict(redThenBlack(16, 16))).rejects.toThrow(/16x16, not 32x32/);
  });

  it('gives up on an inference past its time limit, and loads the model afresh next time', async () => {
    const file = await modelFile(tiny.slowModel(1024));
    const config = configFor(file, { inputSize: 1024 });
    const hurried = await loadSaliencyModel(config, { timeoutMs: 5 });
    await expect(hurried.predict(redThenBlack(64, 64))).rejects.toThrow(/longer than 5 ms/);

    const patient = await loadSaliencyModel(config, { timeoutMs: 30_000 });
    expect(await patient.predict(redThenBlack(64, 64))).toHaveLength(64 * 64);
  }, 60_000);
});
