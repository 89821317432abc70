/**
 * A small WebP preview of an upload for the image pickers' recent lists: upright (EXIF applied), first
 * frame, longest side at most `size`, never enlarged, transparency kept.
 */
import { guard, openUntrusted } from './sharp';

export async function thumbnailWebp(input: Buffer | string, size: number): Promise<Buffer> {
  return guard(
    openUntrusted(input, { sequential: true })
      .toColourspace('srgb')
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 2 })
      .toBuffer(),
  );
}
