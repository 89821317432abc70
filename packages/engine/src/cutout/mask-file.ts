/** Stored cut-out masks: grey PNGs the engine made, 255 = product. */
import { fromEngineFile, toRaw, type RawImage } from '../image/sharp';

/**
 * A stored mask (a grey PNG the engine made) back to one channel of pixels, at `size` (the decoded
 * photo's: the size it was made at, resampled if the decoder's size ever differs).
 */
export async function decodeMask(png: Buffer, size: { width: number; height: number }): Promise<RawImage> {
  const image = await toRaw(
    fromEngineFile(png).extractChannel(0).resize(size.width, size.height, { fit: 'fill', kernel: 'linear' }),
  );
  return { ...image, channels: 1 };
}
