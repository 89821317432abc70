/** Photos to upload in tests: a product shot on a plain background and a context. */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A studio product shot: a terracotta bottle with a label on a plain light background. */
export function productJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#f4f2ee"/>
    <rect x="250" y="90" width="100" height="140" rx="14" fill="#7a2e1c"/>
    <rect x="170" y="200" width="260" height="520" rx="60" fill="#b5462a"/>
    <rect x="200" y="400" width="200" height="120" fill="#fbf3e4"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A context photo: a sunny wall above a wooden table. */
export function contextJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e9d7bd"/><stop offset="1" stop-color="#c9a57f"/></linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#wall)"/>
    <rect y="700" width="1600" height="367" fill="#8a5a36"/>
    <rect y="700" width="1600" height="12" fill="#6d4327"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Two products side by side on a plain backdrop (a red and a blue block): a cut-out in two pieces, and
 * a box around the left one (x 0.15–0.42, y 0.25–0.85 of the photo) leaves one.
 */
export function twoProductsJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700">
    <rect width="900" height="700" fill="#d8d4cc"/>
    <rect x="170" y="200" width="180" height="360" fill="#b3262d"/>
    <rect x="560" y="260" width="200" height="300" fill="#1f4fa8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * The same picture as other bytes (copy `n`): a JPEG comment or a PNG text chunk naming the copy. The
 * server takes the same bytes sent again as the upload it already has; tests that need several uploads
 * of one picture send copies.
 */
export function anotherCopy(image: Buffer, n: number): Buffer {
  const text = Buffer.from(`copy ${n}`, 'latin1');
  if (image[0] === 0xff && image[1] === 0xd8) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(text.length + 2);
    return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, image.subarray(2)]);
  }
  if (image.subarray(1, 4).toString('latin1') === 'PNG') {
    // After the signature (8 bytes) and IHDR (25 bytes): a tEXt chunk.
    const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), text]);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([image.subarray(0, 33), head, data, crc, image.subarray(33)]);
  }
  throw new Error('anotherCopy: a JPEG or a PNG');
}
