/** Final encoding. JPEG for delivery (the spec downloads a jpg); PNG on request, e.g. for the editor. */
import { fromRaw, guard, type RawImage } from '../image/sharp';

export type OutputFormat = 'jpeg' | 'png';
/** What a render may be asked for: its formats, and its text-free plate (JPEG, local/finish.ts). */
export type RenderFormat = OutputFormat | 'plate';

export function encode(image: RawImage, format: OutputFormat): Promise<Buffer> {
  const pipeline = fromRaw(image);
  return guard(
    format === 'jpeg'
      ? pipeline
          .jpeg({
            quality: 88,
            // 4:4:4 keeps thin product edges and small type free of colour fringes.
            chromaSubsampling: '4:4:4',
            // Optimised Huffman tables save about 5 % of the file but triple the encoding time; the
            // pixels are the same either way.
            optimiseCoding: false,
          })
          .toBuffer()
      : pipeline.png({ compressionLevel: 6 }).toBuffer(),
  );
}
