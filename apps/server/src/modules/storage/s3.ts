/**
 * The S3-compatible adapter (docs/decisions/066): AWS S3, MinIO, Garage, Ceph and the like, through the
 * official SDK. Uploads stream through their checks into a multipart upload (a few 5 MB parts in memory
 * at most); a check that fails, or a bucket that stops answering, aborts it and leaves no object.
 * A bucket that cannot be reached answers a translated 503; a missing key reads as not found.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../http/app-error';
import { assertKey, isStorageKey, notFound, type Storage } from './storage';

export type S3Options = {
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's usual credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name: what MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
};

/** Multipart parts, and how many are sent at once: two sending and one filling, about 15 MB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');
let sdkLoading: Promise<Sdk> | undefined;

/** A package's exports, as an ES module or, bundled (dist/), as CommonJS behind `default`. */
const exportsOf = <T>(module: T): T => (module as { default?: T }).default ?? module;

/** The SDK loads on first use: a server on local storage never pays for it at start-up. */
export const loadSdk = (): Promise<Sdk> =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, lib]) => ({ ...exportsOf(s3), ...exportsOf(lib) }),
  ));

export async function createS3Client(options: S3Options): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials && { credentials: options.credentials }),
    // Checksums only where the protocol requires them: many S3-compatible servers refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: unknown } | null)?.name;

/** A key the bucket does not hold (a bucket that is gone is an outage, not a missing file). */
export const isMissingObject = (error: unknown): boolean =>
  nameOf(error) === 'NoSuchKey' || (nameOf(error) !== 'NoSuchBucket' && statusOf(error) === 404);

/** The storage cannot be reached or refuses us: the request can be tried again later. */
export const storageUnavailable = (cause: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', { messageKey: 'errors.storageUnavailable', cause });

/** Asks the bucket whether it is there and ours; rejects with the SDK's error otherwise. */
export async function headBucket(client: S3Client, bucket: string): Promise<void> {
  const { HeadBucketCommand } = await loadSdk();
  await client.send(new HeadBucketCommand({ Bucket: bucket }));
}

const counter = (counted: { size: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      done(null, chunk);
    },
  });

export function createS3Storage(options: S3Options): Storage {
  const Bucket = options.bucket;
  let clientMade: Promise<S3Client> | undefined;
  const ready = async () => ({
    ...(await loadSdk()),
    client: await (clientMade ??= createS3Client(options)),
  });
  const copySource = (key: string) => `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw storageUnavailable(error);
    }
  };

  async function put(key: string, body: Readable, ...checks: Transform[]) {
    assertKey(key);
    const { Upload, client } = await send(ready);
    const counted = { size: 0 };
    const sink = new PassThrough();
    const upload = new Upload({
      client,
      params: { Bucket, Key: key, Body: sink },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    // Whichever side fails first says why: a check's refusal, or the bucket's.
    let failed: { by: 'checks' | 'bucket'; error: unknown } | undefined;
    const feeding = pipeline([body, ...checks, counter(counted), sink]).catch((error: unknown) => {
      failed ??= { by: 'checks', error };
      throw error;
    });
    const sending = upload.done().catch((error: unknown) => {
      failed ??= { by: 'bucket', error };
      // The stream stops being read: end it, so the pipeline gives up too.
      sink.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    await Promise.allSettled([feeding, sending]);
    if (failed?.by === 'checks') throw failed.error;
    if (failed) throw storageUnavailable(failed.error);
    return { size: counted.size };
  }

  function read(key: string): Readable {
    assertKey(key);
    const out = new PassThrough();
    ready()
      .then(({ GetObjectCommand, client }) => client.send(new GetObjectCommand({ Bucket, Key: key })))
      .then(
        (answer) => {
          const body = answer.Body as Readable;
          // A connection lost half-way is the storage's fault, not a missing file.
          body.once('error', (error) => out.destroy(storageUnavailable(error)));
          out.once('close', () => body.destroy());
          body.pipe(out);
        },
        (error: unknown) => out.destroy(isMissingObject(error) ? notFound(key) : storageUnavailable(error)),
      );
    return out;
  }

  return {
    put,
    read,
    async move(from, to) {
      assertKey(from);
      assertKey(to);
      const { CopyObjectCommand, DeleteObjectCommand, client } = await send(ready);
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(from) }));
      } catch (error) {
        throw isMissingObject(error) ? notFound(from) : storageUnavailable(error);
      }
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: from })));
    },
    async remove(key) {
      assertKey(key);
      const { DeleteObjectCommand, client } = await send(ready);
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    /**
     * Every key of the bucket that has a storage key's shape (or only `owner`'s), a page of a thousand
     * at a time.
     */
    async *list(owner?: string) {
      const { ListObjectsV2Command, client } = await send(ready);
      const Prefix = owner === undefined ? undefined : `${owner}/`;
      let token: string | undefined;
      do {
        const page = await send(() =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token })),
        );
        for (const { Key } of page.Contents ?? []) if (Key && isStorageKey(Key)) yield Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
