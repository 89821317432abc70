/**
 * Configuration of the cut-out model (CUTOUT_MODEL and its settings). Unset, the engine uses the model
 * `npm install` put in packages/engine/models (U²-Netp), when it is there; a path names another model;
 * `none` turns models off (the engine's own cut-out, cutout/subject.ts). The server merges
 * `saliencyModelEnvShape` into its own environment schema and keeps `toSaliencyModelConfig(env)` in its
 * parsed config; `saliencyModelFromEnv` does both alone, for the command line and the benchmark.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SALIENCY_MODEL, MODEL_IDLE_MS, type SaliencyModelConfig } from './model';
import { installedModelPath } from './model-download';
import { emptyAsUndefined } from '@vitrine/shared/env';
import { idleSeconds } from '../env-values';

type Triple = [number, number, number];

/** Empty or only spaces: unset. */
const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The value of CUTOUT_MODEL that turns models off. */
const NO_MODEL = 'none';
/** Whether a value of CUTOUT_MODEL turns models off (`none`, any letter case, spaces around). */
export const isNone = (value: string) => value.trim().toLowerCase() === NO_MODEL;

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Three comma-separated numbers, one per colour channel (R,G,B); above 0 when `positive`. */
const channelTriple = (fallback: Triple, positive: boolean) =>
  z.preprocess(emptyAsUndefined, z.string().optional()).transform((value, ctx): Triple => {
    if (value === undefined) return [...fallback];
    const parts = value.split(',').map((part) => part.trim());
    const numbers = parts.map(Number);
    const valid = parts.length === 3 && parts.every((part, i) => part !== '' && Number.isFinite(numbers[i]));
    if (!valid || (positive && numbers.some((n) => n <= 0))) {
      const kind = positive ? 'numbers above 0' : 'numbers';
      ctx.addIssue({ code: 'custom', message: `must be three comma-separated ${kind} (R,G,B)` });
      return z.NEVER;
    }
    return numbers as Triple;
  });

export const saliencyModelEnvShape = {
  CUTOUT_MODEL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .refine(
        (value) => isNone(value) || isFile(value),
        `no file at this path (it names the ONNX model file, or is "${NO_MODEL}")`,
      )
      .optional(),
  ),
  CUTOUT_MODEL_INPUT_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(32, 'must be between 32 and 2048')
      .max(2048, 'must be between 32 and 2048')
      .default(DEFAULT_SALIENCY_MODEL.inputSize),
  ),
  CUTOUT_MODEL_MEAN: channelTriple(DEFAULT_SALIENCY_MODEL.mean, false),
  CUTOUT_MODEL_STD: channelTriple(DEFAULT_SALIENCY_MODEL.std, true),
  /** How long the model's process waits for work before it stops (0: never); 5 s (MODEL_IDLE_MS). */
  CUTOUT_MODEL_IDLE_SECONDS: idleSeconds(MODEL_IDLE_MS / 1000),
};

const saliencyModelEnv = z.object(saliencyModelEnvShape);

/**
 * The model's settings: the file CUTOUT_MODEL names, else the installed model when it is there. None
 * when CUTOUT_MODEL is `none` or nothing is installed (the other keys are then ignored).
 */
export function toSaliencyModelConfig(
  env: z.output<typeof saliencyModelEnv>,
  installed: string | null = installedModelPath(),
): SaliencyModelConfig | undefined {
  const chosen = env.CUTOUT_MODEL;
  if (chosen !== undefined && isNone(chosen)) return undefined;
  const file =
    chosen === undefined ? (installed && isFile(installed) ? installed : undefined) : path.resolve(chosen);
  if (!file) return undefined;
  return {
    path: file,
    inputSize: env.CUTOUT_MODEL_INPUT_SIZE,
    mean: env.CUTOUT_MODEL_MEAN,
    std: env.CUTOUT_MODEL_STD,
    idleMs: env.CUTOUT_MODEL_IDLE_SECONDS > 0 ? env.CUTOUT_MODEL_IDLE_SECONDS * 1000 : null,
  };
}

/** The model's settings from the environment, as the server reads them; throws on the first bad key. */
export function saliencyModelFromEnv(env: NodeJS.ProcessEnv): SaliencyModelConfig | null {
  const parsed = saliencyModelEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.')}: ${issue.message}`);
  }
  return toSaliencyModelConfig(parsed.data) ?? null;
}
