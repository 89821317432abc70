import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-storage-'));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** A check that refuses the very first chunk, before the file being written has even opened. */
const refuseAtOnce = () =>
  new Transform({
    transform(_chunk, _encoding, done) {
      done(new Error('refused'));
    },
  });

async function keys(storage: ReturnType<typeof createLocalStorage>): Promise<string[]> {
  const found: string[] = [];
  for await (const key of storage.list!()) found.push(key);
  return found;
}

describe('local storage', () => {
  it('keeps nothing of a file a check refuses, even at its first byte', async () => {
    const storage = createLocalStorage(root);
    // Many at once: the file system's threads are busy, so files open late, after the refusal.
    const puts = Array.from({ length: 64 }, (_, i) =>
      storage.put(`user/${i}.incoming`, Readable.from([Buffer.from('<!doctype html>')]), refuseAtOnce()),
    );
    const settled = await Promise.allSettled(puts);
    expect(settled.map((result) => result.status === 'rejected' && String(result.reason))).toEqual(
      puts.map(() => 'Error: refused'),
    );
    expect(await fs.readdir(path.join(root, 'user'))).toEqual([]);
  });

  it('writes a file whole under its key', async () => {
    const storage = createLocalStorage(root);
    const { size } = await storage.put('user/a.png', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(size).toBe(6);
    expect(await fs.readFile(path.join(root, 'user/a.png'), 'utf8')).toBe('abcdef');
    expect(await fs.readdir(path.join(root, 'user'))).toEqual(['a.png']);
  });

  it('lists every stored key, and neither a file being written nor a stray one', async () => {
    const storage = createLocalStorage(path.join(root, 'absent'));
    expect(await keys(storage)).toEqual([]);
    const filled = createLocalStorage(root);
    await filled.put('user-a/1.jpg', Readable.from([Buffer.from('a')]));
    await filled.put('user-b/2.png', Readable.from([Buffer.from('b')]));
    await fs.writeFile(path.join(root, 'user-b/3.png.77.partial'), 'half');
    await fs.writeFile(path.join(root, 'stray.txt'), 'not a key');
    expect((await keys(filled)).sort()).toEqual(['user-a/1.jpg', 'user-b/2.png']);
  });
});
