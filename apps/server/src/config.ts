/** The whole environment, parsed once at boot. A bad value stops the process with every bad key named. */
import path from 'node:path';
import { z } from 'zod';
import type { SiteInfo } from '@vitrine/shared/api/site';
import { emptyAsUndefined } from '@vitrine/shared/env';
import { trustProxy } from './lib/trust-proxy';
import { paymentsConfig } from './modules/billing/payments-config';
import { checkStorageEnv, storageEnvShape, toStorageConfig } from './modules/storage/config';
import { queueEnvShape, toQueueConfig } from './jobs/queue-config';
import { saliencyModelEnvShape, toSaliencyModelConfig } from '@vitrine/engine/cutout/model-config';
import {
  checkImageProviderEnv,
  imageProviderEnvShape,
  toImageProviderConfig,
} from '@vitrine/engine/providers/config';
import {
  checkTextProviderEnv,
  textProviderEnvShape,
  toTextProviderConfig,
} from '@vitrine/engine/copy/config';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  ENGINE_WARM_UP: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Vitrine <no-reply@vitrine.localhost>'),
  COMPANY_NAME: z.string().trim().min(1, 'must not be empty').max(100).default('Vitrine'),
  COMPANY_ADDRESS: z
    .string()
    .default('Paris, France')
    .transform((value) =>
      value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.length > 0 && lines.length <= 6, 'must be 1 to 6 lines separated by "|"'),
  CONTACT_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email('must be an e-mail address').default('contact@vitrine.localhost'),
  ),
  PARENT_COMPANY_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(1800),
  SESSION_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(100_000).default(1),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_PRICE_STARTER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, 'must be a price id (price_…)')
      .optional(),
  ),
  STRIPE_PRICE_PRO: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, 'must be a price id (price_…)')
      .optional(),
  ),
  /** The image provider's public status page (a Statuspage components.json), shown on /status. */
  IMAGE_PROVIDER_STATUS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  /** Without Stripe: `true` serves the local test-mode checkout (anyone can "pay"), `false` sells nothing. */
  PAYMENTS_TEST_MODE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  /** Another address for Stripe's API (stripe-mock, or the tests' recording server). */
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  /** Lets clients other than this machine read /metrics, as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(16, 'must be at least 16 characters (openssl rand -hex 32)')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
  ),
  /** ROLE=worker: the port of its listener for /metrics and /api/health/*; unset, it has none. */
  METRICS_PORT: z.preprocess(emptyAsUndefined, port.optional()),
  ...storageEnvShape,
  ...queueEnvShape,
  ...saliencyModelEnvShape,
  ...imageProviderEnvShape,
  ...textProviderEnvShape,
});

/** Every variable the configuration reads (deploy files are checked against it). */
export const CONFIG_KEYS: readonly string[] = Object.keys(envObject.shape);

const schema = envObject
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither',
      });
    }
    checkImageProviderEnv(env, ctx);
    checkTextProviderEnv(env, ctx);
    checkStorageEnv(env, ctx);
    if (env.STRIPE_SECRET_KEY) {
      for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with STRIPE_SECRET_KEY' });
        }
      }
    } else {
      for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'] as const) {
        if (env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is only used with STRIPE_SECRET_KEY' });
        }
      }
    }
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      env: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      /** Which proxies may name the client in X-Forwarded-For (Fastify's trustProxy); off by default. */
      trustProxy: env.TRUST_PROXY,
      publicUrl,
      secureCookies: publicUrl.startsWith('https://'),
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      logLevel: env.LOG_LEVEL,
      role: env.ROLE,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
      /** What the public pages say about the operator (GET /api/site); CONTACT_EMAIL receives the contact form. */
      site: {
        companyName: env.COMPANY_NAME,
        addressLines: env.COMPANY_ADDRESS,
        contactEmail: env.CONTACT_EMAIL,
        parentCompanyUrl: env.PARENT_COMPANY_URL ?? null,
      } satisfies SiteInfo,
      auth: {
        secret: env.AUTH_SECRET,
        google:
          env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
            ? {
                clientId: env.GOOGLE_CLIENT_ID,
                clientSecret: env.GOOGLE_CLIENT_SECRET,
                discoveryUrl: env.GOOGLE_DISCOVERY_URL,
              }
            : undefined,
        idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
        checkIntervalSeconds: env.SESSION_CHECK_INTERVAL_SECONDS,
        /** A session ends this long after sign-in, however active (session-store.ts). */
        maxAgeSeconds: env.SESSION_MAX_AGE_HOURS * 3600,
        rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
      },
      /** Who draws the backgrounds (docs/decisions/007); local unless IMAGE_PROVIDER says otherwise. */
      imageProvider: toImageProviderConfig(env),
      /** Where the status page reads the image provider's own status (docs/decisions/027). */
      imageProviderStatusUrl: env.IMAGE_PROVIDER_STATUS_URL,
      /** Who writes Express copy and slogan suggestions (docs/decisions/013); local by default. */
      textProvider: toTextProviderConfig(env),
      /** Worker threads rendering variants (0: on the worker's own thread); see engine local/threads.ts. */
      renderThreads: env.RENDER_THREADS,
      /** How long the render threads wait for work before they stop (null: never); the model's: CUTOUT_MODEL_IDLE_SECONDS. */
      engineIdleMs: env.ENGINE_IDLE_SECONDS > 0 ? env.ENGINE_IDLE_SECONDS * 1000 : null,
      /** Whether the engine warms up once the server is ready, instead of on its first user (local/warm-up.ts). */
      engineWarmUp: env.ENGINE_WARM_UP,
      /** The cut-out's model: installed, CUTOUT_MODEL's, or none (engine cutout/model-config.ts). */
      cutoutModel: toSaliencyModelConfig(env),
      /** Who may read /metrics besides this machine, and where a worker serves it (docs/decisions/065). */
      metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
      /** Where files are kept (docs/decisions/066). */
      storage: toStorageConfig(env),
      /** The render job's expiry and the workers' queue maintenance (docs/decisions/073). */
      queue: toQueueConfig(env),
      /** Who takes payments (docs/decisions/026): Stripe when configured, else the local test-mode checkout. */
      payments: paymentsConfig(env, publicUrl),
    };
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keys whose values are never printed, even when they are wrong. */
const SECRET_KEYS = new Set([
  'AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'OPENAI_API_KEY',
  'TEXT_API_KEY',
  'WORKFLOW_WEBHOOK_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
]);

/**
 * A value as an error message may show it: secrets only by their length, and a URL-like value without
 * its credentials (everything up to the last @), whether or not it parses: a password with a stray `/`
 * or `#` is exactly what makes `smtp://user:pass@host` invalid.
 */
export function printableValue(key: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_KEYS.has(key)) return `a hidden value of ${value.length} characters`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:(?:\/\/)?)[^\s]*@/i, '$1***@'));
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `${key}: ${issue.message} (got ${printableValue(key, env[key])})`;
    }),
  );
}
