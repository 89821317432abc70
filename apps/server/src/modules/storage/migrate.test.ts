/**
 * `npm run storage:migrate` copies a local store into a bucket: every file, byte for byte, resumable
 * (what is already there is skipped, what differs is copied again), unfinished writes left out.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../../test/helpers/s3-server';
import { REPO_ROOT } from '../../lib/paths';
import { migrateToBucket } from './migrate';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Storage, loadSdk } from './s3';
import { createLocalStorage, readAll } from './storage';

let server: TestS3;
let root: string;
beforeAll(async () => {
  server = await startS3Server('vitrine-migrate');
});
afterAll(() => server.close());
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-migrate-'));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** A local store of `n` files across two users, each of its own random bytes. */
async function localStore(prefix: string, n: number): Promise<Map<string, Buffer>> {
  const local = createLocalStorage(root);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < n; i++) {
    const key = `${prefix}${i % 2}/${1700000000000 + i}-${crypto.randomBytes(8).toString('hex')}.jpg`;
    const bytes = crypto.randomBytes(1000 + i * 7919);
    await local.put(key, Readable.from([bytes]));
    files.set(key, bytes);
  }
  return files;
}

const target = () => ({ client: server.client, bucket: server.options.bucket });

describe('storage:migrate', () => {
  it('copies every file into the bucket byte for byte, leaving unfinished writes out', async () => {
    const files = await localStore('copy', 9);
    await fs.writeFile(path.join(root, 'copy0', '1-a.incoming'), 'half an upload');
    await fs.writeFile(path.join(root, 'copy1', '2-b.jpg.123.partial'), 'half a write');
    const summary = await migrateToBucket(root, target());
    expect(summary).toEqual({
      copied: 9,
      skipped: 0,
      failed: [],
      leftOut: ['copy0/1-a.incoming', 'copy1/2-b.jpg.123.partial'],
    });
    const bucket = createS3Storage(server.options);
    for (const [key, bytes] of files) expect((await readAll(bucket, key)).equals(bytes)).toBe(true);
    expect((await server.listKeys()).filter((key) => key.startsWith('copy'))).toEqual(
      [...files.keys()].sort(),
    );
  });

  it('resumes: a second run skips what is there, and copies again a file the bucket holds differently', async () => {
    const files = await localStore('resume', 6);
    const [first, second] = [...files.keys()];
    // An earlier run cut short: one file copied, one written half (other bytes, other size).
    const bucket = createS3Storage(server.options);
    await bucket.put(first!, Readable.from([files.get(first!)!]));
    await bucket.put(second!, Readable.from([Buffer.from('cut short')]));
    expect(await migrateToBucket(root, target())).toMatchObject({ copied: 5, skipped: 1, failed: [] });
    expect((await readAll(bucket, second!)).equals(files.get(second!)!)).toBe(true);
    expect(await migrateToBucket(root, target())).toMatchObject({ copied: 0, skipped: 6, failed: [] });
  });

  it('copies again a file of the same size whose bytes differ (the ETag is its MD5)', async () => {
    const files = await localStore('same-size', 1);
    const [key, bytes] = [...files][0]!;
    const other = Buffer.from(bytes);
    other[0] = other[0]! ^ 0xff;
    await createS3Storage(server.options).put(key, Readable.from([other]));
    expect(await migrateToBucket(root, target())).toMatchObject({ copied: 1, skipped: 0 });
    expect((await readAll(createS3Storage(server.options), key)).equals(bytes)).toBe(true);
  });

  it('checks and skips by the MD5 it records where the bucket’s ETags are not MD5s (encrypting buckets)', async () => {
    await localStore('kms', 3);
    const { HeadObjectCommand } = await loadSdk();
    const encrypting = {
      async send(command: unknown) {
        const answer = await server.client.send(command as never);
        return command instanceof HeadObjectCommand
          ? { ...(answer as object), ETag: '"0123456789abcdef0123456789abcdef"' }
          : answer;
      },
    } as unknown as S3Client;
    const target = { client: encrypting, bucket: server.options.bucket };
    expect(await migrateToBucket(root, target)).toMatchObject({ copied: 3, skipped: 0, failed: [] });
    expect(await migrateToBucket(root, target)).toMatchObject({ copied: 0, skipped: 3, failed: [] });
  });

  it('reports a file it cannot copy, and copies it on the next run once the bucket answers', async () => {
    await localStore('down', 2);
    const stopped = await startS3Server('vitrine-down');
    await stopped.stop();
    const summary = await migrateToBucket(root, { client: stopped.client, bucket: 'vitrine-down' });
    expect(summary.copied + summary.skipped).toBe(0);
    expect(summary.failed.map((f) => f.key).sort()).toEqual(
      (await fs.readdir(root, { recursive: true })).filter((name) => name.endsWith('.jpg')).sort(),
    );
    await stopped.close();
    expect(await migrateToBucket(root, target())).toMatchObject({ copied: 2, failed: [] });
  }, 60_000);

  it('as a command: reads the configuration, prints a summary, and refuses to run without STORAGE=s3', async () => {
    const dataDir = root;
    root = path.join(dataDir, 'storage');
    await localStore('cli', 3);
    // Not spawnSync: the bucket's server answers from this process.
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/cli/storage-migrate.ts'],
          { cwd: REPO_ROOT, env: { DATA_DIR: dataDir, ...env } },
          (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    const local = await run({});
    expect([local.status, local.stderr.trim()]).toEqual([
      1,
      'storage:migrate: set STORAGE=s3 and the S3_* variables of the bucket to copy into.',
    ]);
    const first = await run(server.env);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('3 copied and checked, 0 already in the bucket, 0 failed');
    const again = await run(server.env);
    expect(again.stdout).toContain('0 copied and checked, 3 already in the bucket, 0 failed');
    root = dataDir;
  }, 60_000);
});
