/**
 * The last upload check: the image must decode within the engine's limits (64 megapixels, no corrupt
 * data), so a truncated file, a decompression bomb or a polyglot is refused at upload, not at render.
 */
import type { EngineErrorCode } from '@vitrine/engine/errors';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { AppError } from '../../http/app-error';

const MESSAGE: Partial<Record<EngineErrorCode, MessageKey>> = {
  IMAGE_TOO_LARGE: 'uploads.imageTooManyPixels',
  IMAGE_UNSUPPORTED: 'uploads.fileType',
  IMAGE_TOO_SMALL: 'uploads.fileTooSmall',
};

/**
 * `file` is the stored file on local disk (a copy of it for storage without local files,
 * storage.ts withLocalFile), read as decoding goes: never whole in memory.
 */
export async function checkDecodable(file: { path: string; size: number }): Promise<void> {
  // Loaded on first use: sharp is not needed to start the server.
  const [{ checkDecodableFile }, { isEngineError }] = await Promise.all([
    import('@vitrine/engine/image/decode'),
    import('@vitrine/engine/errors'),
  ]);
  try {
    // A small decode is enough to walk the whole file; shrink-on-load keeps it quick.
    await checkDecodableFile(file);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    throw new AppError('INVALID_FILE', {
      messageKey: MESSAGE[error.code] ?? 'uploads.imageCorrupt',
      cause: error,
    });
  }
}
