/**
 * Configuration of the copywriter: the local rule-based one (default) or an OpenAI-compatible chat
 * model. The server merges `textProviderEnvShape` into its environment schema, adds
 * `checkTextProviderEnv` to its refinements and keeps `toTextProviderConfig(env)`.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@vitrine/shared/env';
import { TEXT_PROVIDERS } from './types';

export const DEFAULT_TEXT_API_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TEXT_MODEL = 'gpt-4o-mini';
/** A few seconds: copy is worth waiting for briefly, and the local copywriter is always ready. */
export const DEFAULT_TEXT_TIMEOUT_MS = 5000;

export const textProviderEnvShape = {
  TEXT_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(TEXT_PROVIDERS, { error: 'must be local or openai' }).default('local'),
  ),
  TEXT_API_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
      .default(DEFAULT_TEXT_API_BASE_URL),
  ),
  TEXT_API_KEY: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  TEXT_MODEL: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).default(DEFAULT_TEXT_MODEL)),
  TEXT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be between 100 and 60000')
      .max(60_000, 'must be between 100 and 60000')
      .default(DEFAULT_TEXT_TIMEOUT_MS),
  ),
};

export const textProviderEnv = z.object(textProviderEnvShape);
export type TextProviderEnv = z.output<typeof textProviderEnv>;

export function checkTextProviderEnv(env: TextProviderEnv, ctx: z.RefinementCtx): void {
  if (env.TEXT_PROVIDER === 'openai' && !env.TEXT_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['TEXT_API_KEY'],
      message: 'TEXT_PROVIDER=openai needs TEXT_API_KEY',
    });
  }
}

export type OpenAiTextConfig = {
  kind: 'openai';
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
};
export type TextProviderConfig = { kind: 'local' } | OpenAiTextConfig;

/** The parsed keys as the copywriter wants them. Call it only on an environment that passed the check. */
export function toTextProviderConfig(env: TextProviderEnv): TextProviderConfig {
  if (env.TEXT_PROVIDER === 'local') return { kind: 'local' };
  if (!env.TEXT_API_KEY) throw new Error('TEXT_API_KEY is missing');
  return {
    kind: 'openai',
    baseUrl: env.TEXT_API_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.TEXT_API_KEY,
    model: env.TEXT_MODEL,
    timeoutMs: env.TEXT_TIMEOUT_MS,
  };
}
