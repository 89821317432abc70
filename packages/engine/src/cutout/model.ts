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
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import {
  describe,
  processFor,
  type InputMetadata,
  type ModelOutput,
  type ModelProcess,
} from './model-process';
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
