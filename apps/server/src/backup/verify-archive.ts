/**
 * Reading a backup archive: its entries (through gunzip when it is compressed), and the check a restore
 * makes before it writes anything: a manifest this version can read, and every entry it names present
 * once, with its size and SHA-256, and nothing else.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { TarError, readTar, type TarEntry } from '../lib/tar';
import { ArchiveError, MANIFEST_NAME, expectedEntries, parseManifest, type Manifest } from './manifest';

/** A manifest larger than this is not one of ours. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** A damaged tar or gzip stream said as a refusal of the archive; any other error as it is. */
function asArchiveError(error: unknown): unknown {
  if (error instanceof TarError) return new ArchiveError(`it is damaged: ${error.message}`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'Z_STREAM_ERROR')
    return new ArchiveError('it is damaged: its compressed data is corrupt or cut short');
  return error;
}

async function* translated(chunks: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } catch (error) {
    throw asArchiveError(error);
  }
}

/**
 * The archive's entries in order. A damaged archive (tar or gzip) is an ArchiveError, whether it shows
 * in a header or in the middle of an entry's bytes.
 */
export async function* archiveEntries(file: string): AsyncGenerator<TarEntry> {
  let stream: Readable = createReadStream(file);
  // pipeline, not pipe: a read error of the file then ends the reading instead of leaving it waiting.
  if (await isGzip(file)) stream = pipeline(stream, createGunzip(), () => {});
  try {
    for await (const entry of readTar(stream)) yield { ...entry, chunks: () => translated(entry.chunks()) };
  } catch (error) {
    throw asArchiveError(error);
  } finally {
    stream.destroy();
  }
}

/** The entry's bytes' size and SHA-256, and the bytes themselves when `keep` says so. */
export async function digest(
  entry: TarEntry,
  keep = false,
): Promise<{ size: number; sha256: string; bytes?: Buffer }> {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry.chunks()) {
    hash.update(chunk);
    size += chunk.length;
    if (keep) kept.push(chunk);
  }
  return { size, sha256: hash.digest('hex'), ...(keep && { bytes: Buffer.concat(kept) }) };
}

/** Reads the whole archive once and returns its manifest, or says what is wrong with it. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  for await (const entry of archiveEntries(file)) {
    if (found.has(entry.name) || (entry.name === MANIFEST_NAME && manifestText !== undefined))
      throw new ArchiveError(`it is damaged: it holds ${entry.name} twice`);
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MANIFEST_MAX_BYTES) throw new ArchiveError('its manifest is too large to be one');
      manifestText = (await digest(entry, true)).bytes!.toString('utf8');
      continue;
    }
    const { size, sha256 } = await digest(entry);
    found.set(entry.name, { size, sha256 });
  }
  if (manifestText === undefined) throw new ArchiveError('it has no manifest: it is not a Vitrine backup');
  const manifest = parseManifest(manifestText);
  const expected = expectedEntries(manifest);
  for (const [name, want] of expected) {
    const got = found.get(name);
    if (!got) throw new ArchiveError(`it is damaged: ${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new ArchiveError(`it is damaged: ${name} does not match its checksum`);
  }
  for (const name of found.keys())
    if (!expected.has(name)) throw new ArchiveError(`it is damaged: ${name} is not in its manifest`);
  return manifest;
}
