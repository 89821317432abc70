/**
 * `npm run storage:migrate`: copies a local store (DATA_DIR/storage) into an S3-compatible bucket, for an
 * operator who moves to STORAGE=s3 (docs/decisions/066). Resumable: a key the bucket already holds with
 * the same size and content (its ETag is the file's MD5) is skipped, so a run cut short is simply run
 * again. Each copy is sent with its MD5 (the server refuses it if bytes were lost) and checked afterwards.
 */
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { isMissingObject, loadSdk } from './s3';
import { assertKey } from './storage';

export type MigrateTarget = { client: S3Client; bucket: string };

export type MigrateSummary = {
  copied: number;
  /** Already in the bucket, same size and content. */
  skipped: number;
  /** Unfinished writes (`.partial`, `.incoming`) and names that are not storage keys: never copied. */
  leftOut: string[];
  failed: { key: string; reason: string }[];
};

/** Copies this many files at once. */
const AT_ONCE = 4;

const UNFINISHED = /\.(partial|incoming)$/;

async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile()) yield path.relative(root, full).split(path.sep).join('/');
  }
}

async function md5Of(file: string): Promise<string> {
  const hash = crypto.createHash('md5');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * What the bucket says of a key: its size, its ETag, and the MD5 this command recorded with its copy
 * (a bucket encrypting with KMS or a customer key gives ETags that are not MD5s).
 */
type Remote = { size: number; etag: string; md5: string | undefined } | undefined;

async function remoteOf({ client, bucket }: MigrateTarget, key: string): Promise<Remote> {
  const { HeadObjectCommand } = await loadSdk();
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      size: head.ContentLength ?? -1,
      etag: (head.ETag ?? '').replace(/"/g, ''),
      md5: head.Metadata?.['content-md5'],
    };
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/** Whether the object's ETag or recorded MD5 is the file's. */
const sameContent = (remote: NonNullable<Remote>, md5: string) => remote.etag === md5 || remote.md5 === md5;

/**
 * The same file: the same size and content. An object the server wrote in several parts (its ETag
 * ends in `-n`, with no MD5 recorded) is taken on its size alone.
 */
const sameFile = (remote: Remote, size: number, md5: string) =>
  remote !== undefined &&
  remote.size === size &&
  (sameContent(remote, md5) || (remote.md5 === undefined && /-\d+$/.test(remote.etag)));

async function copyOne(target: MigrateTarget, root: string, key: string): Promise<'copied' | 'skipped'> {
  const file = path.join(root, key);
  const { size } = await fs.stat(file);
  const md5 = await md5Of(file);
  if (sameFile(await remoteOf(target, key), size, md5)) return 'skipped';
  const { PutObjectCommand } = await loadSdk();
  await target.client.send(
    new PutObjectCommand({
      Bucket: target.bucket,
      Key: key,
      Body: createReadStream(file),
      ContentLength: size,
      ContentMD5: Buffer.from(md5, 'hex').toString('base64'),
      Metadata: { 'content-md5': md5 },
    }),
  );
  const copy = await remoteOf(target, key);
  if (copy?.size !== size || !sameContent(copy, md5))
    throw new Error(
      `the bucket holds ${copy ? `${copy.size} bytes, ETag ${copy.etag}` : 'nothing'} after the copy`,
    );
  return 'copied';
}

export async function migrateToBucket(
  root: string,
  target: MigrateTarget,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed', reason?: string) => void = () => {},
): Promise<MigrateSummary> {
  const summary: MigrateSummary = { copied: 0, skipped: 0, leftOut: [], failed: [] };
  const keys: string[] = [];
  for await (const key of filesUnder(root)) {
    try {
      assertKey(key);
      if (UNFINISHED.test(key)) throw new Error('unfinished');
      keys.push(key);
    } catch {
      summary.leftOut.push(key);
    }
  }
  let next = 0;
  const copier = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const outcome = await copyOne(target, root, key);
        summary[outcome]++;
        onFile(key, outcome);
      } catch (error) {
        const reason = error instanceof Error ? error.message || error.name : String(error);
        summary.failed.push({ key, reason });
        onFile(key, 'failed', reason);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, copier));
  return summary;
}
