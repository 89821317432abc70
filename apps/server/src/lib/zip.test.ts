import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import { zipStream } from './zip';

type Read = { name: string; data: Buffer; crc: number; method: number };

/** The archive read back by an independent reader, which checks every size and offset it meets. */
function unzip(archive: Buffer): Promise<Read[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no archive'));
      const entries: Read[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('no stream'));
          void buffer(stream).then((data) => {
            entries.push({ name: entry.fileName, data, crc: entry.crc32, method: entry.compressionMethod });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

describe('zipStream', () => {
  it('writes every file whole, in order, under its UTF-8 name, stored as it is', async () => {
    const files = [
      { name: 'carré-1080x1080-1.jpg', data: randomBytes(70_000) },
      { name: 'bannière-1920x1080-1.jpg', data: randomBytes(3) },
      { name: 'story-1080x1920-2.jpg', data: Buffer.alloc(0) },
    ];
    const archive = await buffer(
      zipStream(files.map((file) => ({ name: file.name, read: async () => file.data }))),
    );
    const read = await unzip(archive);
    expect(read.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    for (const [i, entry] of read.entries()) {
      expect(entry.data.equals(files[i]!.data), entry.name).toBe(true);
      expect(entry.method).toBe(0);
    }
    // Stored, not compressed: the archive is the files plus small headers.
    const payload = files.reduce((sum, file) => sum + file.data.length, 0);
    expect(archive.length).toBeLessThan(payload + 512);
  });

  it('writes an empty archive that readers accept', async () => {
    expect(await unzip(await buffer(zipStream([])))).toEqual([]);
  });

  it('ends the stream with the error of a file that cannot be read', async () => {
    const stream = zipStream([
      { name: 'a.jpg', read: async () => Buffer.from('a') },
      { name: 'b.jpg', read: () => Promise.reject(new Error('gone from storage')) },
    ]);
    await expect(buffer(stream)).rejects.toThrow('gone from storage');
  });
});
