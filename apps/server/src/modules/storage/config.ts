/** STORAGE and the S3_* variables (docs/decisions/066), as config.ts parses them. */
import { z } from 'zod';
import { emptyAsUndefined } from '@vitrine/shared/env';
import type { S3Options } from './s3';

export const storageEnvShape = {
  /** Where files are kept (docs/decisions/066): DATA_DIR/storage, or an S3-compatible bucket. */
  STORAGE: z.preprocess(emptyAsUndefined, z.enum(['local', 's3']).default('local')),
  /** Unset: AWS's own endpoint for S3_REGION. */
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:9000' }).optional(),
  ),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
};

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** STORAGE=s3 needs a bucket, and both keys or neither; the S3_* settings mean nothing without it. */
export function checkStorageEnv(
  env: { STORAGE: 'local' | 's3' } & Partial<Record<(typeof S3_KEYS)[number], string>>,
  ctx: z.RefinementCtx,
) {
  if (env.STORAGE === 's3') {
    if (!env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with STORAGE=s3' });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
      });
    }
    return;
  }
  for (const key of S3_KEYS) {
    if (env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is only used with STORAGE=s3' });
  }
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Options);

export function toStorageConfig(env: {
  STORAGE: 'local' | 's3';
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}): StorageConfig {
  if (env.STORAGE !== 's3' || !env.S3_BUCKET) return { kind: 'local' };
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
