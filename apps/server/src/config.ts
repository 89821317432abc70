/** The whole environment, parsed once at boot. A bad value stops the process with every bad key named. */
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' })
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      env: env.NODE_ENV,
      port: env.PORT,
      host: env.HOST,
      publicUrl,
      secureCookies: publicUrl.startsWith('https://'),
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      logLevel: env.LOG_LEVEL,
      role: env.ROLE,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    };
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `${key}: ${issue.message} (got ${JSON.stringify(env[key] ?? null)})`;
    }),
  );
}

/** Keys whose value never reaches a log line. */
export const SECRET_KEYS = ['DATABASE_URL'] as const;
