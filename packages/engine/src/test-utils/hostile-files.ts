/** Awkward and hostile image files, made on the fly so no binary fixture sits in the repository. */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** Random pixels compress badly, so truncating the file cuts real image data. */
export async function noisyJpeg(width = 320, height = 240): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noisyJpeg();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A valid PNG header that claims width x height, followed by a few rows of data: a decompression bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const cmykJpeg = () => solid(64, 48, '#c04020').toColourspace('cmyk').jpeg().toBuffer();
export const png16 = () => solid(64, 48, '#8040c0').toColourspace('rgb16').png().toBuffer();
export const grayscalePng = () => solid(64, 48, '#808080').toColourspace('b-w').png().toBuffer();
export const palettePng = () => solid(64, 48, '#2060a0').png({ palette: true, colours: 8 }).toBuffer();

/** Three frames, red then blue then green: only the red one may come out. */
export async function animated(format: 'gif' | 'webp'): Promise<Buffer> {
  const frames = await Promise.all(['red', 'blue', 'green'].map((c) => solid(64, 48, c).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

/** Stored landscape, red left and blue right, with EXIF orientation 6 (rotate 90° clockwise to show). */
export function exifRotatedJpeg(): Promise<Buffer> {
  return solid(200, 100, '#ff0000')
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } },
        left: 100,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
