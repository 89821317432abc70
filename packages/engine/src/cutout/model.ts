/**
 * The salient-object model that finds the product (U²-Netp as installed, or the one CUTOUT_MODEL names):
 * one RGB image in, one map out.
 *
 * ONNX Runtime runs the model (U²-Net, IS-Net, BiRefNet and the like: one NCHW float32 image input, the
 * subject's map as first output) in a child process of its own. Its Node binding runs a model
 * synchronously and cannot be interrupted, and a worker thread terminated mid-inference takes the whole
 * process down with it; a process can be killed. So the caller's event loop stays free, an inference past
 * its time limit is abandoned (the process killed, the model loaded afresh next time), and even a crash
 * inside the runtime costs only the cut-out, which then takes its default path like on any other error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { resample } from './refine';

export type SaliencyModel = {
  /** The subject's probability, 0 to 1, for each pixel of `rgb` (3 channels), at its size. */
  predict(rgb: RawImage): Promise<Float32Array>;
};

export type SaliencyModelConfig = {
  /** The ONNX file. */
  path: string;
  /** The side of the square the model sees the photo at. */
  inputSize: number;
  /** Per channel (R, G, B), pixels in 0..1 become (x - mean) / std. */
  mean: [number, number, number];
  std: [number, number, number];
  /**
   * How long the model's process waits for work before it stops, its memory going back to the system
   * (MODEL_IDLE_MS unless given; null: never). The next cut-out loads the model again.
   */
  idleMs?: number | null;
};

/**
 * Five seconds (the server's CUTOUT_MODEL_IDLE_SECONDS). U²-Netp's process holds about 110 MB while it
 * waits, and starts and loads the model again in about 0.15 s: long enough for the several looks one
 * cut-out takes, or a burst of uploads; after that, its memory is worth more to a small server than
 * 0.15 s on the next photo (decision 087).
 */
export const MODEL_IDLE_MS = 5_000;

/** U²-Net's input: 320 pixels a side with ImageNet's normalisation. */
export const DEFAULT_SALIENCY_MODEL: Omit<SaliencyModelConfig, 'path'> = {
  inputSize: 320,
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
};

export type SaliencyModelOptions = {
  /** Longest an inference may take before it is abandoned. */
  timeoutMs?: number;
};

const INFERENCE_TIMEOUT_MS = 10_000;
/** Large models (hundreds of megabytes) take seconds to load and optimise; a stuck load must still end. */
const LOAD_TIMEOUT_MS = 120_000;

/** What ONNX Runtime says about a model's input (InferenceSession.ValueMetadata). */
type InputMetadata = { name: string; isTensor: boolean; type?: string; shape?: (number | string)[] };
type ModelOutput = { type: string; dims: readonly number[]; data: Float32Array };
type ChildMessage =
  | { ready: true; inputs: InputMetadata[] }
  | { ready: false; error: string }
  | { output: ModelOutput }
  | { error: string };

/**
 * The model's process: plain JavaScript run by `node -e`, so it is the same from TypeScript sources and
 * from the bundled server, with the runtime's and the model's paths as arguments. onnxruntime-node is
 * loaded there and nowhere else.
 */
const PROCESS_SOURCE = `
const [runtime, file] = process.argv.slice(1);
// The parent went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
const ort = require(runtime);
const describe = (error) => (error instanceof Error ? error.message : String(error));
// Without the runtime's memory arena: it keeps the peak of every inference (U²-Netp: 590 MB against
// 124 MB without it) for about 60 ms saved an inference. The graph's fusions without its blocked
// layouts ("extended", not "all"): U²-Netp's inference peaks at 294 MB instead of 360, for about 60 ms
// more, and the masks are the same (decision 087). Without its memory pattern (one block planned for
// every activation of a run, allocated whole): each tensor is allocated as it comes, and the peak falls
// by some 27 MB for the same time (decision 100).
ort.InferenceSession.create(file, {
  executionProviders: ['cpu'],
  graphOptimizationLevel: 'extended',
  enableCpuMemArena: false,
  enableMemPattern: false,
  logSeverityLevel: 3,
}).then(
  (session) => {
    process.send({ ready: true, inputs: session.inputMetadata });
    const [input] = session.inputNames;
    const [output] = session.outputNames;
    process.on('message', ({ data, dims }) => {
      session.run({ [input]: new ort.Tensor('float32', data, dims) }, [output]).then(
        (results) => {
          const map = results[output];
          process.send({ output: { type: map.type, dims: map.dims, data: map.data } });
        },
        (error) => process.send({ error: describe(error) }),
      );
    });
  },
  (error) => process.send({ ready: false, error: describe(error) }),
);
`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Pending<T> = { resolve(value: T): void; reject(error: Error): void };

/** One loaded model in its own process, running one inference at a time. */
class ModelProcess {
  /** The model's inputs, once it is loaded. */
  readonly ready: Promise<InputMetadata[]>;
  private readonly child: ChildProcess;
  private loading!: Pending<InputMetadata[]>;
  private current: Pending<ModelOutput> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private failure: Error | null = null;
  /** Inferences asked for and not yet answered. */
  private waiting = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    file: string,
    private readonly onStop: () => void,
    private readonly idleMs: number | null,
  ) {
    this.ready = new Promise((resolve, reject) => (this.loading = { resolve, reject }));
    // Resolved here, loaded only by the child: nothing loads ONNX Runtime unless a model is configured.
    const runtime = createRequire(import.meta.url).resolve('onnxruntime-node');
    this.child = spawn(process.execPath, ['-e', PROCESS_SOURCE, runtime, file], {
      // The runtime's own fatal messages reach the operator's log; the typed arrays cross as they are.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child.on('message', (message: ChildMessage) => this.receive(message));
    this.child.on('error', (error) => this.stop(error));
    this.child.on('exit', (code, signal) =>
      this.stop(new Error(`the model's process stopped (${signal ?? `exit code ${code}`})`)),
    );
    const timer = setTimeout(
      () => this.stop(new Error(`loading took longer than ${LOAD_TIMEOUT_MS / 1000} s`)),
      LOAD_TIMEOUT_MS,
    );
    const loaded = () => clearTimeout(timer);
    this.ready.then(loaded, loaded);
  }

  /** The model's first output for one input tensor, after any inference already under way. */
  run(data: Float32Array, dims: number[], timeoutMs: number): Promise<ModelOutput> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.waiting++;
    const result = this.tail.then(() => this.send(data, dims, timeoutMs));
    this.tail = result.catch(() => undefined);
    const done = () => {
      if (--this.waiting === 0) this.rest();
    };
    result.then(done, done);
    return result;
  }

  /** With nothing to do for `idleMs`, the process stops; the next use of the file loads it again. */
  private rest(): void {
    if (this.idleMs === null || this.failure) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.waiting === 0) this.stop(new Error('the model was idle and its process stopped'));
    }, this.idleMs);
    this.idle.unref();
  }

  private receive(message: ChildMessage): void {
    if ('ready' in message) {
      if (!message.ready) return this.stop(new Error(message.error));
      this.hold(false);
      this.loading.resolve(message.inputs);
      // Loaded and never asked (a photo that needs no model, say), it rests too.
      this.rest();
    } else if ('output' in message) this.current?.resolve(message.output);
    else this.current?.reject(new Error(message.error));
  }

  /** An idle model must not keep the caller's process alive; one at work must. */
  private hold(busy: boolean): void {
    if (busy) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  private send(data: Float32Array, dims: number[], timeoutMs: number): Promise<ModelOutput> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.stop(new Error(`inference took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      const settle = () => {
        clearTimeout(timer);
        this.current = null;
        this.hold(false);
      };
      this.current = {
        resolve: (output) => (settle(), resolve(output)),
        reject: (error) => (settle(), reject(error)),
      };
      this.hold(true);
      this.child.send({ data, dims });
    });
  }

  /** Gives the process up: whatever waits on it fails, and the next use of the file loads it again. */
  private stop(error: Error): void {
    if (this.failure) return;
    if (this.idle) clearTimeout(this.idle);
    this.failure = error;
    this.onStop();
    this.loading.reject(error);
    this.current?.reject(error);
    this.child.kill('SIGKILL');
  }
}

/** Loaded models by absolute path: each file is loaded once, and again only after its process stopped. */
const processes = new Map<string, Promise<ModelProcess>>();

function processFor(file: string, idleMs: number | null): Promise<ModelProcess> {
  const cached = processes.get(file);
  if (cached) return cached;
  const forget = () => {
    if (processes.get(file) === loading) processes.delete(file);
  };
  const model = new ModelProcess(file, forget, idleMs);
  const loading = model.ready.then(() => model);
  processes.set(file, loading);
  return loading;
}

/** The model must take one image as float32 `[1, 3, H, W]`, at the configured size when it is fixed. */
function checkInput(inputs: InputMetadata[], size: number): void {
  if (inputs.length !== 1) throw new Error(`the model takes ${inputs.length} inputs, not one image`);
  const [input] = inputs as [InputMetadata];
  if (!input.isTensor || input.type !== 'float32') {
    throw new Error(`the model's input is ${input.type ?? 'not a tensor'}, not float32`);
  }
  const shape = input.shape ?? [];
  const fixed = (index: number, expected: number) =>
    typeof shape[index] !== 'number' || shape[index] === expected;
  if (shape.length !== 4 || !fixed(0, 1) || !fixed(1, 3)) {
    throw new Error(`the model's input has shape [${shape.join(', ')}], not [1, 3, H, W]`);
  }
  if (!fixed(2, size) || !fixed(3, size)) {
    throw new Error(`the model takes ${shape[3]}x${shape[2]} pixels, not the configured ${size}x${size}`);
  }
}

/** The photo at the model's size as a normalised NCHW tensor: (x / 255 - mean) / std per channel. */
async function inputTensor(rgb: RawImage, config: SaliencyModelConfig): Promise<Float32Array> {
  const size = config.inputSize;
  const resized = await toRaw(
    fromRaw(rgb).removeAlpha().toColourspace('srgb').resize(size, size, { fit: 'fill' }),
  );
  if (resized.channels !== 3) throw new Error(`expected an RGB image, got ${resized.channels} channels`);
  const plane = size * size;
  const tensor = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const scale = 1 / (255 * config.std[c]!);
    const shift = config.mean[c]! / config.std[c]!;
    for (let p = 0; p < plane; p++) tensor[c * plane + p] = resized.data[p * 3 + c]! * scale - shift;
  }
  return tensor;
}

/** The output as one `size` x `size` map, from `[1, 1, H, W]`, `[1, H, W]` or `[H, W]`. */
function outputMap(output: ModelOutput, size: number): Float32Array {
  if (output.type !== 'float32') throw new Error(`the model's output is ${output.type}, not float32`);
  const dims = [...output.dims];
  if (dims.length < 2 || dims.length > 4 || dims.slice(0, -2).some((d) => d !== 1)) {
    throw new Error(`the model's output has shape [${dims.join(', ')}], not one map`);
  }
  const [height, width] = dims.slice(-2) as [number, number];
  if (width !== size || height !== size) {
    throw new Error(`the model's map is ${width}x${height}, not ${size}x${size} like its input`);
  }
  if (output.data.length !== width * height) {
    throw new Error(`the model's output holds ${output.data.length} values for a ${width}x${height} map`);
  }
  return output.data;
}

/** Min-max scaling to 0..1: models give logits or probabilities alike. A flat map says nothing: zeros. */
function normalise(map: Float32Array): Float32Array {
  let min = Infinity;
  let max = -Infinity;
  for (const v of map) {
    if (!Number.isFinite(v)) throw new Error("the model's output is not finite everywhere");
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const out = new Float32Array(map.length);
  if (!(max > min)) return out;
  const scale = 1 / (max - min);
  for (let p = 0; p < map.length; p++) out[p] = (map[p]! - min) * scale;
  return out;
}

/** The file's process, loaded if need be, checked to take an image of the configured size. */
async function processTaking(file: string, size: number, idleMs: number | null): Promise<ModelProcess> {
  await access(file, constants.R_OK);
  const model = await processFor(file, idleMs);
  checkInput(await model.ready, size);
  return model;
}

/**
 * The model at `config.path`, loaded in its own process (once per file). Throws when the file is missing,
 * is not a model ONNX Runtime can load, or does not take one RGB image of the configured size.
 */
export async function loadSaliencyModel(
  config: SaliencyModelConfig,
  options: SaliencyModelOptions = {},
): Promise<SaliencyModel> {
  const file = path.resolve(config.path);
  const size = config.inputSize;
  const timeoutMs = options.timeoutMs ?? INFERENCE_TIMEOUT_MS;
  const idleMs = config.idleMs === undefined ? MODEL_IDLE_MS : config.idleMs;
  try {
    await processTaking(file, size, idleMs);
  } catch (error) {
    throw new Error(`Cut-out model ${file} could not be loaded: ${describe(error)}`, { cause: error });
  }
  return {
    async predict(rgb) {
      try {
        const tensor = await inputTensor(rgb, config);
        // Looked up each time: a process given up on after a timeout, or stopped when idle, is replaced
        // by a fresh one. Nothing is awaited between finding it and giving it work, so it cannot stop
        // for being idle in between.
        const model = await processTaking(file, size, idleMs);
        const output = await model.run(tensor, [1, 3, size, size], timeoutMs);
        return resample(normalise(outputMap(output, size)), size, size, rgb.width, rgb.height);
      } catch (error) {
        throw new Error(`Cut-out model ${file} failed: ${describe(error)}`, { cause: error });
      }
    },
  };
}
