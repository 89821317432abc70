import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TarError, readTar, writeTar, type TarSource } from './tar';

async function archive(entries: TarSource[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of writeTar(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function unpack(bytes: Buffer): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for await (const entry of readTar(Readable.from([bytes]))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    out.push([entry.name, Buffer.concat(parts).toString('utf8')]);
  }
  return out;
}

const longName = `files/${'u'.repeat(64)}/${'f'.repeat(120)}.jpg`;

describe('tar archives', () => {
  it('give back every file under its name, a name past 100 bytes included', async () => {
    const bytes = await archive([
      { name: 'db/users.jsonl', size: 5, body: Buffer.from('{}\n{}') },
      { name: longName, size: 3, body: Readable.from([Buffer.from('a'), Buffer.from('bc')]) },
      { name: 'empty', size: 0, body: Buffer.alloc(0) },
    ]);
    expect(bytes.length % 512).toBe(0);
    expect(await unpack(bytes)).toEqual([
      ['db/users.jsonl', '{}\n{}'],
      [longName, 'abc'],
      ['empty', ''],
    ]);
  });

  it('skip what a reader leaves unread of an entry', async () => {
    const bytes = await archive([
      { name: 'a', size: 70_000, body: Buffer.alloc(70_000, 1) },
      { name: 'b', size: 1, body: Buffer.from('b') },
    ]);
    const names: string[] = [];
    for await (const entry of readTar(Readable.from([bytes]))) names.push(entry.name);
    expect(names).toEqual(['a', 'b']);
  });

  it('refuse a body that does not have its announced size', async () => {
    await expect(archive([{ name: 'a', size: 4, body: Buffer.from('abc') }])).rejects.toThrow(TarError);
  });

  it('report a damaged header and a truncated archive instead of reading on', async () => {
    const bytes = await archive([{ name: 'a', size: 600, body: Buffer.alloc(600, 7) }]);
    const damaged = Buffer.from(bytes);
    damaged[10] = 65;
    await expect(unpack(damaged)).rejects.toThrow(/checksum/);
    await expect(unpack(bytes.subarray(0, 700))).rejects.toThrow(/ends in the middle of a/);
  });
});
