/** Final encoding. JPEG for delivery (the spec downloads a jpg); PNG on request, e.g. for the editor. */
import { fromRaw, guard, type RawImage } from '../image/sharp';

export type OutputFormat = 'jpeg' | 'png';

export function encode(image: RawImage, format: OutputFormat): Promise<Buffer> {
  const pipeline = fromRaw(image);
  return guard(
    format === 'jpeg'
      ? // 4:4:4 keeps thin product edges and, later, small type free of colour fringes.
        pipeline.jpeg({ quality: 88, chromaSubsampling: '4:4:4' }).toBuffer()
      : pipeline.png({ compressionLevel: 6 }).toBuffer(),
  );
}
