/**
 * A tar archive (POSIX ustar, with a pax header for a name longer than ustar's 100 bytes), written and
 * read as streams: only regular files, which is all the backups hold. Reading checks every header's
 * checksum and stops with an error on a truncated or damaged archive rather than guess.
 */
import type { Readable } from 'node:stream';

const BLOCK = 512;
const END = Buffer.alloc(BLOCK * 2);

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** One pax record, "<length> path=<name>\n", whose length counts its own digits. */
function paxPath(name: string): Buffer {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** An entry's header (with a pax header before it when the name is long); its body and padding follow. */
export function entryHeader(name: string, size: number, mtime = new Date()): Buffer {
  // Eleven octal digits: ustar's largest entry.
  if (size >= 8 ** 11) throw new TarError(`${name} is too large for a tar entry`);
  if (Buffer.byteLength(name) <= 100) return header(name, size, '0', mtime);
  const pax = paxPath(name);
  return Buffer.concat([
    header('PaxHeader', pax.length, 'x', mtime),
    pax,
    padding(pax.length),
    header(name.slice(0, 90), size, '0', mtime),
  ]);
}

export type TarSource = { name: string; size: number; body: AsyncIterable<Buffer> | Buffer };

/** The archive's bytes, entry after entry; a body longer or shorter than its size is an error. */
export async function* writeTar(entries: AsyncIterable<TarSource> | Iterable<TarSource>) {
  for await (const entry of entries) {
    yield entryHeader(entry.name, entry.size);
    let written = 0;
    for await (const chunk of Buffer.isBuffer(entry.body) ? [entry.body] : entry.body) {
      written += chunk.length;
      if (written > entry.size) throw new TarError(`${entry.name} grew while it was archived`);
      yield chunk;
    }
    if (written !== entry.size) throw new TarError(`${entry.name} shrank while it was archived`);
    yield padding(entry.size);
  }
  yield END;
}

/** Exactly n bytes at a time from a stream of chunks. */
class ByteReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to n bytes (fewer only at the end of the stream). */
  async read(n: number): Promise<Buffer> {
    while (this.buffered < n) {
      const next = await this.source.next();
      if (next.done) break;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.pending.push(chunk);
      this.buffered += chunk.length;
    }
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const taken = all.subarray(0, n);
    const rest = all.subarray(taken.length);
    this.pending = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  async exactly(n: number, what: string): Promise<Buffer> {
    const bytes = await this.read(n);
    if (bytes.length < n) throw new TarError(`the archive ends in the middle of ${what}`);
    return bytes;
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number, what: string): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError(`a header's ${what} is not a number`);
  return parseInt(text, 8);
}

function checkHeader(block: Buffer): void {
  const stored = readOctal(block, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (sum !== stored) throw new TarError('a header is damaged (its checksum does not match)');
}

function paxPathOf(records: string): string | undefined {
  for (const line of records.split('\n')) {
    const match = /^\d+ path=(.*)$/s.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes in chunks; what is not read is skipped when the next entry is asked for. */
  chunks(): AsyncGenerator<Buffer>;
};

/** The archive's regular files, in order. */
export async function* readTar(input: Readable | AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(input[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  let longName: string | undefined;
  for (;;) {
    const block = await reader.exactly(BLOCK, 'a header');
    if (block.every((byte) => byte === 0)) return;
    checkHeader(block);
    const size = readOctal(block, 124, 12, 'size');
    const type = String.fromCharCode(block[156]!);
    const prefix = field(block, 345, 155);
    const plainName = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    if (type === 'x') {
      longName = paxPathOf((await reader.exactly(size, 'a pax header')).toString('utf8'));
      await reader.exactly(padding(size).length, 'padding');
      continue;
    }
    if (type !== '0' && type !== '\0') throw new TarError(`the archive holds ${plainName}, not a file`);
    const name = longName ?? plainName;
    longName = undefined;
    let left = size;
    async function* chunks(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const chunk = await reader.exactly(Math.min(left, 1 << 16), name);
        left -= chunk.length;
        yield chunk;
      }
    }
    yield { name, size, chunks };
    while (left > 0) left -= (await reader.exactly(Math.min(left, 1 << 16), name)).length;
    await reader.exactly(padding(size).length, 'padding');
  }
}
