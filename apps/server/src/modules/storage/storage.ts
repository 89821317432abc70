/**
 * File storage behind one small interface: local disk under DATA_DIR/storage by default, or an
 * S3-compatible bucket (s3.ts, docs/decisions/066). Keys are `{user id}/{timestamp}-{random}.{ext}`.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Storage = {
  /** Writes the stream (through optional checks) under `key`; the file appears whole or not at all. */
  put(key: string, body: Readable, ...checks: Transform[]): Promise<{ size: number }>;
  /** The file's bytes; a key with no file fails the stream with an error `isNotFound` recognises. */
  read(key: string): Readable;
  /** The file on this machine's disk, when the adapter keeps files locally (an optimisation only). */
  localFile?(key: string): Promise<{ path: string; size: number } | undefined>;
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Every stored key, or only those of `owner` (the part before the slash), in no particular order
   * (backups read them all, an account's deletion its own); an adapter may lack it.
   */
  list?(owner?: string): AsyncIterable<string>;
};

/** Where the local adapter keeps files by default. */
export const storageDir = (dataDir: string) => path.join(dataDir, 'storage');

/** What every adapter's read of a missing file fails with (the local one's is Node's own ENOENT). */
export function notFound(key: string): Error {
  return Object.assign(new Error(`no stored file ${JSON.stringify(key)}`), { code: 'ENOENT' });
}

export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';

const KEY_SHAPE = /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9._-]{1,128}$/;

/** Whether a name has the shape of a storage key (a listing skips anything else). */
export const isStorageKey = (key: string): boolean => KEY_SHAPE.test(key) && !key.includes('..');

export function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

export function createLocalStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body, ...checks) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.partial`;
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline([body, ...checks, out]);
        await fs.rename(temp, target);
        return { size: (await fs.stat(target)).size };
      } catch (error) {
        // The stream opens its file asynchronously: a check that fails at once may stop it before the
        // file exists, and the file would then appear after it was removed. Removed once it is closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    read: (key) => createReadStream(file(key)),
    async localFile(key) {
      const target = file(key);
      return { path: target, size: (await fs.stat(target)).size };
    },
    async move(from, to) {
      await fs.rename(file(from), file(to));
    },
    async remove(key) {
      await fs.rm(file(key), { force: true });
    },
    async *list(only?: string) {
      const owners = await fs.readdir(root, { withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      for (const owner of owners) {
        if (!owner.isDirectory() || (only !== undefined && owner.name !== only)) continue;
        for (const entry of await fs.readdir(path.join(root, owner.name), { withFileTypes: true })) {
          const key = `${owner.name}/${entry.name}`;
          // A file being written (`.partial`) is not stored yet.
          if (entry.isFile() && isStorageKey(key) && !key.endsWith('.partial')) yield key;
        }
      }
    },
  };
}

/** Removes the files named (empty names are skipped), all at once. */
export async function removeFiles(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.filter((k): k is string => Boolean(k)).map((key) => storage.remove(key)));
}

/** A stored file's bytes, whole. */
export async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes a small file under `status-probe/` and removes it: the storage takes files, or this throws. */
export async function probeStorage(storage: Storage): Promise<void> {
  const key = `status-probe/${randomUUID()}.txt`;
  await storage.put(key, Readable.from([Buffer.from('ok')]));
  await storage.remove(key);
}

/**
 * Runs `work` on the stored file as a file on this machine: the local adapter's own, or else a private
 * copy streamed to the system's temporary folder and removed afterwards (so a 50 MB upload is decoded
 * from disk, never held whole in memory).
 */
export async function withLocalFile<T>(
  storage: Storage,
  key: string,
  work: (file: { path: string; size: number }) => Promise<T>,
): Promise<T> {
  const local = await storage.localFile?.(key);
  if (local) return work(local);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-file-'));
  try {
    const copy = path.join(dir, 'file');
    await pipeline(storage.read(key), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
    return await work({ path: copy, size: (await fs.stat(copy)).size });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
