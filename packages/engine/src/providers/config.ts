/**
 * Configuration of the image-model provider. The server merges `imageProviderEnvShape` into its own
 * environment schema, adds `checkImageProviderEnv` to its refinements and keeps
 * `toImageProviderConfig(env)` in its parsed config; `parseImageProviderConfig` does all three alone.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@vitrine/shared/env';
import { idleSeconds } from '../env-values';
import { DEFAULT_RENDER_THREADS, MAX_RENDER_THREADS } from '../local/thread-count';

export const IMAGE_PROVIDERS = ['local', 'openai', 'webhook'] as const;
export type ImageProviderName = (typeof IMAGE_PROVIDERS)[number];

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-1';
export const DEFAULT_PROVIDER_TIMEOUT_MS = 60_000;
export const WEBHOOK_SECRET_MIN_LENGTH = 32;

const httpUrl = (error: string) => z.url({ protocol: /^https?$/, error });

export const imageProviderEnvShape = {
  IMAGE_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(IMAGE_PROVIDERS, { error: 'must be local, openai or webhook' }).default('local'),
  ),
  OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  OPENAI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    httpUrl('must be an http(s) URL such as https://api.openai.com/v1').default(DEFAULT_OPENAI_BASE_URL),
  ),
  OPENAI_IMAGE_MODEL: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(1).max(100).default(DEFAULT_OPENAI_IMAGE_MODEL),
  ),
  IMAGE_PROVIDER_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 600000')
      .max(600_000, 'must be between 100 and 600000')
      .default(DEFAULT_PROVIDER_TIMEOUT_MS),
  ),
  RENDER_THREADS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of threads' })
      .int('must be a whole number of threads')
      .min(0, `must be between 0 and ${MAX_RENDER_THREADS}`)
      .max(MAX_RENDER_THREADS, `must be between 0 and ${MAX_RENDER_THREADS}`)
      .default(DEFAULT_RENDER_THREADS),
  ),
  /**
   * How long the render threads wait for work before they stop and give their memory back (0: never);
   * the next request starts them again. Five minutes by default. The cut-out model's process has its
   * own, shorter time (CUTOUT_MODEL_IDLE_SECONDS, cutout/model-config.ts).
   */
  ENGINE_IDLE_SECONDS: idleSeconds(300),
  WORKFLOW_WEBHOOK_URL: z.preprocess(emptyAsUndefined, httpUrl('must be an http(s) URL').optional()),
  WORKFLOW_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(
        WEBHOOK_SECRET_MIN_LENGTH,
        `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters (openssl rand -hex 32)`,
      )
      .optional(),
  ),
};

export const imageProviderEnv = z.object(imageProviderEnvShape);
export type ImageProviderEnv = z.output<typeof imageProviderEnv>;

/** The keys each provider cannot run without. */
export function checkImageProviderEnv(env: ImageProviderEnv, ctx: z.RefinementCtx): void {
  if (env.IMAGE_PROVIDER === 'openai' && !env.OPENAI_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['OPENAI_API_KEY'],
      message: 'IMAGE_PROVIDER=openai needs OPENAI_API_KEY',
    });
  }
  if (env.IMAGE_PROVIDER === 'webhook') {
    for (const key of ['WORKFLOW_WEBHOOK_URL', 'WORKFLOW_WEBHOOK_SECRET'] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `IMAGE_PROVIDER=webhook needs WORKFLOW_WEBHOOK_URL and WORKFLOW_WEBHOOK_SECRET`,
        });
      }
    }
  }
}

export type OpenAiProviderConfig = {
  kind: 'openai';
  apiKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
};
export type WebhookProviderConfig = { kind: 'webhook'; url: string; secret: string; timeoutMs: number };
export type ImageProviderConfig = { kind: 'local' } | OpenAiProviderConfig | WebhookProviderConfig;

/** The parsed keys as the provider wants them. Call it only on an environment that passed the check. */
export function toImageProviderConfig(env: ImageProviderEnv): ImageProviderConfig {
  const timeoutMs = env.IMAGE_PROVIDER_TIMEOUT_MS;
  switch (env.IMAGE_PROVIDER) {
    case 'local':
      return { kind: 'local' };
    case 'openai':
      if (!env.OPENAI_API_KEY) throw new Error('OPENAI_API_KEY is missing');
      return {
        kind: 'openai',
        apiKey: env.OPENAI_API_KEY,
        baseUrl: env.OPENAI_BASE_URL.replace(/\/+$/, ''),
        model: env.OPENAI_IMAGE_MODEL,
        timeoutMs,
      };
    case 'webhook':
      if (!env.WORKFLOW_WEBHOOK_URL || !env.WORKFLOW_WEBHOOK_SECRET) {
        throw new Error('WORKFLOW_WEBHOOK_URL or WORKFLOW_WEBHOOK_SECRET is missing');
      }
      return {
        kind: 'webhook',
        url: env.WORKFLOW_WEBHOOK_URL,
        secret: env.WORKFLOW_WEBHOOK_SECRET,
        timeoutMs,
      };
  }
}

export const imageProviderConfigSchema = imageProviderEnv
  .superRefine(checkImageProviderEnv)
  .transform(toImageProviderConfig);

export function parseImageProviderConfig(env: Record<string, string | undefined>): ImageProviderConfig {
  return imageProviderConfigSchema.parse(env);
}
