/** The storage STORAGE names, and the start-up check that its bucket answers before any request comes. */
import type { StorageConfig } from './config';
import { StartupError, describeError } from '../../lib/startup-error';
import { createS3Client, createS3Storage, headBucket } from './s3';
import { createLocalStorage, storageDir, type Storage } from './storage';

export function createStorage(config: { storage: StorageConfig; dataDir: string }): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(storageDir(config.dataDir));
}

/** Where an S3 bucket is, in words an operator recognises (never its keys). */
export function describeBucket(storage: StorageConfig & { kind: 's3' }): string {
  return `bucket "${storage.bucket}" at ${storage.endpoint ?? `AWS S3 (${storage.region})`}`;
}

/** STORAGE=s3: the bucket must be there and accept our keys, or the process does not start. */
export async function assertStorageReachable(config: { storage: StorageConfig }): Promise<void> {
  if (config.storage.kind !== 's3') return;
  const client = await createS3Client(config.storage);
  try {
    await headBucket(client, config.storage.bucket);
  } catch (error) {
    throw new StartupError(
      `S3 storage (STORAGE=s3): the ${describeBucket(config.storage)} cannot be reached: ${s3Reason(error)}. ` +
        'Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys, or set STORAGE=local.',
      { cause: error },
    );
  } finally {
    client.destroy();
  }
}

/** The SDK's error in a few words: HeadBucket's answers have no body, so the status says it all. */
function s3Reason(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'no such bucket';
  if (status === 403 || status === 401) return 'access denied (wrong keys, or not allowed on this bucket)';
  if (status && status >= 300) return `it answered HTTP ${status}`;
  return describeError(error);
}
