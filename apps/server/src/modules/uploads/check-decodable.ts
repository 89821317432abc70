/**
 * The last upload check: the image must decode within the engine's limits (64 megapixels, no corrupt
 * data), so a truncated file, a decompression bomb or a polyglot is refused at upload, not at render.
 */
import { Readable } from 'node:stream';
import type { EngineErrorCode } from '@vitrine/engine/errors';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { AppError } from '../../http/app-error';

const MESSAGE: Partial<Record<EngineErrorCode, MessageKey>> = {
  IMAGE_TOO_LARGE: 'uploads.imageTooManyPixels',
  IMAGE_UNSUPPORTED: 'uploads.fileType',
  IMAGE_TOO_SMALL: 'uploads.fileTooSmall',
};

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `file` is a stored file on local disk (read as decoding goes: never whole in memory) or, for storage
 * without local files, a stream read into memory (at most 50 MB, the upload limit).
 */
export async function checkDecodable(file: { path: string; size: number } | Readable): Promise<void> {
  // Loaded on first use: sharp is not needed to start the server.
  const [{ checkDecodableFile, decodeRgba }, { isEngineError }] = await Promise.all([
    import('@vitrine/engine/image/decode'),
    import('@vitrine/engine/errors'),
  ]);
  try {
    // A small decode is enough to walk the whole file; shrink-on-load keeps it quick.
    if ('path' in file) await checkDecodableFile(file);
    else await decodeRgba(await toBuffer(file), 64);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    throw new AppError('INVALID_FILE', {
      messageKey: MESSAGE[error.code] ?? 'uploads.imageCorrupt',
      cause: error,
    });
  }
}
