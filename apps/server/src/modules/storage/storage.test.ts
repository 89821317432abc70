/**
 * The storage contract, held by both adapters: the local folder, and an S3-compatible bucket (a local
 * s3rver). Whatever stores a file relies on these and nothing else.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { startS3Server, type TestS3 } from '../../../test/helpers/s3-server';
import { createS3Storage } from './s3';
import { createLocalStorage, isNotFound, readAll, withLocalFile, type Storage } from './storage';

/** A check that refuses the very first chunk, before the file being written has even opened. */
const refuseAtOnce = () =>
  new Transform({
    transform(_chunk, _encoding, done) {
      done(new Error('refused'));
    },
  });

/** A check that lets `bytes` pass, then refuses: the refusal comes after parts have been sent. */
const refuseAfter = (bytes: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > bytes ? new Error('refused late') : null, chunk);
    },
  });
};

/** `size` random bytes, as a stream of 64 KB chunks. */
function randomFile(size: number): { bytes: Buffer; stream: () => Readable } {
  const bytes = crypto.randomBytes(size);
  const chunks = Array.from({ length: Math.ceil(size / 65536) }, (_, i) =>
    bytes.subarray(i * 65536, (i + 1) * 65536),
  );
  return { bytes, stream: () => Readable.from(chunks) };
}

const readFailure = (storage: Storage, key: string) =>
  readAll(storage, key).then(
    () => undefined,
    (error: unknown) => error,
  );

/** The keys a store lists that begin with `prefix` (the bucket is shared by the tests). */
async function listed(storage: Storage, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const key of storage.list!()) if (key.startsWith(prefix)) found.push(key);
  return found.sort();
}

type Adapter = {
  storage: () => Storage;
  /** Every key the store holds, whatever wrote it. */
  keys: () => Promise<string[]>;
};

function localAdapter(): Adapter {
  let root = '';
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-storage-'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));
  return {
    storage: () => createLocalStorage(root),
    keys: async () =>
      (await fs.readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort(),
  };
}

function s3Adapter(): Adapter {
  let server: TestS3;
  let n = 0;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());
  // Each test has its own folder of the bucket.
  beforeEach(() => void n++);
  return {
    storage: () => createS3Storage(server.options),
    keys: async () => (await server.listKeys()).filter((key) => key.startsWith(`t${n}-`)),
  };
}

const adapters: [string, () => Adapter][] = [
  ['local folder', localAdapter],
  ['S3-compatible bucket', s3Adapter],
];

describe.each(adapters)('storage contract: %s', (_name, make) => {
  const adapter = make();
  let prefix = '';
  let count = 0;
  beforeEach(() => {
    prefix = `t${++count}-user`;
  });

  it('reads back exactly the bytes it was given, and says how many', async () => {
    const storage = adapter.storage();
    const file = randomFile(300_000);
    const { size } = await storage.put(`${prefix}/a.png`, file.stream());
    expect(size).toBe(file.bytes.length);
    expect((await readAll(storage, `${prefix}/a.png`)).equals(file.bytes)).toBe(true);
    expect(await adapter.keys()).toEqual([`${prefix}/a.png`]);
  });

  it('streams a file larger than one multipart part through, byte for byte', async () => {
    const storage = adapter.storage();
    const file = randomFile(12 * 1024 * 1024 + 12_345);
    const passed = { bytes: 0 };
    const watch = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        passed.bytes += chunk.length;
        done(null, chunk);
      },
    });
    const { size } = await storage.put(`${prefix}/big.jpg`, file.stream(), watch);
    expect([size, passed.bytes]).toEqual([file.bytes.length, file.bytes.length]);
    expect((await readAll(storage, `${prefix}/big.jpg`)).equals(file.bytes)).toBe(true);
  });

  it('keeps nothing of a file a check refuses, at its first byte or after parts were sent', async () => {
    const storage = adapter.storage();
    const early = storage.put(`${prefix}/early.incoming`, randomFile(1000).stream(), refuseAtOnce());
    const late = storage.put(
      `${prefix}/late.incoming`,
      randomFile(12 * 1024 * 1024).stream(),
      refuseAfter(11 * 1024 * 1024),
    );
    await expect(early).rejects.toThrow('refused');
    await expect(late).rejects.toThrow('refused late');
    expect(await adapter.keys()).toEqual([]);
  });

  it('keeps nothing of many files refused at once (the refusal races the write)', async () => {
    const storage = adapter.storage();
    const puts = Array.from({ length: 24 }, (_, i) =>
      storage.put(`${prefix}/${i}.incoming`, Readable.from([Buffer.from('<!doctype html>')]), refuseAtOnce()),
    );
    const settled = await Promise.allSettled(puts);
    expect(settled.map((result) => result.status === 'rejected' && String(result.reason))).toEqual(
      puts.map(() => 'Error: refused'),
    );
    expect(await adapter.keys()).toEqual([]);
  });

  it('moves a file to another key, leaving nothing under the old one', async () => {
    const storage = adapter.storage();
    await storage.put(`${prefix}/a.incoming`, Readable.from([Buffer.from('moved bytes')]));
    await storage.move(`${prefix}/a.incoming`, `${prefix}/a.webp`);
    expect((await readAll(storage, `${prefix}/a.webp`)).toString()).toBe('moved bytes');
    expect(await adapter.keys()).toEqual([`${prefix}/a.webp`]);
  });

  it('removes a file, and removing a missing one is not an error', async () => {
    const storage = adapter.storage();
    await storage.put(`${prefix}/gone.png`, Readable.from([Buffer.from('x')]));
    await storage.remove(`${prefix}/gone.png`);
    await storage.remove(`${prefix}/never-there.png`);
    expect(await adapter.keys()).toEqual([]);
    expect(isNotFound(await readFailure(storage, `${prefix}/gone.png`))).toBe(true);
  });

  it('reads a missing key as not found (not as an outage)', async () => {
    const error = await readFailure(adapter.storage(), `${prefix}/missing.png`);
    expect(isNotFound(error)).toBe(true);
    expect(error).not.toBeInstanceOf(AppError);
  });

  it('stores keys with every allowed character', async () => {
    const storage = adapter.storage();
    const keys = [
      `${prefix}_AZaz09-/1700000000000-abcdef0123456789.png`,
      `${prefix}/a.b_c-D.9.incoming`,
      `${prefix}/result.jpg.thumb.webp`,
      `${prefix}/${'x'.repeat(128)}`,
    ];
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
    for (const key of keys) expect((await readAll(storage, key)).toString()).toBe(key);
    await storage.move(keys[0]!, `${prefix}/moved-_.x`);
    expect((await adapter.keys()).length).toBe(keys.length);
  });

  it('refuses a key outside the allowed shape before touching the store', async () => {
    const storage = adapter.storage();
    await expect(storage.put('../escape.png', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /invalid storage key/,
    );
    expect(() => storage.read(`${prefix}/a b.png`)).toThrow(/invalid storage key/);
  });

  it('lists every stored key, and neither a file being written nor one refused', async () => {
    const storage = adapter.storage();
    expect(await listed(storage, prefix)).toEqual([]);
    await storage.put(`${prefix}/1.jpg`, Readable.from([Buffer.from('a')]));
    await storage.put(`${prefix}-b/2.png`, Readable.from([Buffer.from('b')]));
    await storage
      .put(`${prefix}-b/3.png`, Readable.from([Buffer.from('<!doctype html>')]), refuseAtOnce())
      .catch(() => undefined);
    expect(await listed(storage, prefix)).toEqual([`${prefix}-b/2.png`, `${prefix}/1.jpg`].sort());
  });

  it('lists one owner’s keys alone, not those of an owner whose name begins the same', async () => {
    const storage = adapter.storage();
    await storage.put(`${prefix}/1.jpg`, Readable.from([Buffer.from('a')]));
    await storage.put(`${prefix}/2.jpg`, Readable.from([Buffer.from('b')]));
    await storage.put(`${prefix}x/3.jpg`, Readable.from([Buffer.from('c')]));
    const mine: string[] = [];
    for await (const key of storage.list!(prefix)) mine.push(key);
    expect(mine.sort()).toEqual([`${prefix}/1.jpg`, `${prefix}/2.jpg`]);
  });

  it('hands a stored file to work that needs it on disk, and cleans up after', async () => {
    const storage = adapter.storage();
    await storage.put(`${prefix}/on-disk.png`, Readable.from([Buffer.from('on disk')]));
    let seen = '';
    const size = await withLocalFile(storage, `${prefix}/on-disk.png`, async (file) => {
      seen = file.path;
      expect(await fs.readFile(file.path, 'utf8')).toBe('on disk');
      return file.size;
    });
    expect(size).toBe(7);
    // A copy made for the work is gone once it is done; the local adapter's own file stays.
    expect(
      await fs.stat(seen).then(
        () => true,
        () => false,
      ),
    ).toBe(storage.localFile !== undefined);
  });
});

describe('S3-compatible storage: multipart uploads', () => {
  let server: TestS3;
  beforeAll(async () => {
    server = await startS3Server('vitrine-parts', { record: true });
  });
  afterAll(() => server.close());

  it('a check refusing after parts were sent aborts the multipart upload (no parts left to pay for)', async () => {
    const storage = createS3Storage(server.options);
    const put = storage.put('user/late.incoming', randomFile(12 * 1024 * 1024).stream(), refuseAfter(11e6));
    await expect(put).rejects.toThrow('refused late');
    const upload = server.requests.filter((request) => request.includes('/vitrine-parts/user/late.incoming'));
    expect(upload[0]).toMatch(/^POST .*\?uploads/);
    expect(upload.some((request) => /^PUT .*partNumber=/.test(request))).toBe(true);
    expect(upload.at(-1)).toMatch(/^DELETE .*uploadId=/);
    expect(upload.some((request) => /^POST .*uploadId=/.test(request))).toBe(false);
  });
});

describe('S3-compatible storage that stops answering', () => {
  let server: TestS3;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('answers every call with the translated storage outage (503), not a crash or a not-found', async () => {
    const storage = createS3Storage(server.options);
    await storage.put('user/kept.png', Readable.from([Buffer.from('kept')]));
    await server.stop();
    const outage = { code: 'SERVICE_UNAVAILABLE', options: { messageKey: 'errors.storageUnavailable' } };
    await expect(storage.put('user/new.png', randomFile(1000).stream())).rejects.toMatchObject(outage);
    expect(await readFailure(storage, 'user/kept.png')).toMatchObject(outage);
    await expect(storage.move('user/kept.png', 'user/moved.png')).rejects.toMatchObject(outage);
    await expect(storage.remove('user/kept.png')).rejects.toMatchObject(outage);
  }, 60_000);
});
