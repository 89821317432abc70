import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { cutOut, cutoutFrom } from './cutout';
import { DETAIL_SIDE, withDetail } from './detail';
import { PRODUCT_SIDE } from './run';

const DEV_SET = path.resolve(import.meta.dirname, '../../test-data/cutout-dev');
// A 3000 x 2000 photo of a bike on a boardwalk, with a mask drawn for it (test-data/cutout-dev).
const bike = fs.readFileSync(path.join(DEV_SET, 'bike.jpg'));

/** The image reduced (or enlarged) to `width` x `height`, alpha premultiplied while resampling. */
const resized = (image: RawImage, width: number, height: number) =>
  toRaw(fromRaw(image).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));

/** Mean squared Laplacian over the pixels solid in `image`: how much fine detail its colour holds. */
function detailEnergy({ data, width, height }: RawImage): number {
  let sum = 0;
  let n = 0;
  const grey = (p: number) => data[p * 4]! * 0.3 + data[p * 4 + 1]! * 0.59 + data[p * 4 + 2]! * 0.11;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (data[p * 4 + 3]! < 250) continue;
      const lap = 4 * grey(p) - grey(p - 1) - grey(p + 1) - grey(p - width) - grey(p + width);
      sum += lap * lap;
      n++;
    }
  return sum / n;
}

/**
 * How well `back` (a detailed cut-out brought back to the reduced size) agrees with `cutout`: the IoU of
 * their solid parts, and the mean colour difference where both are opaque.
 */
function alignment(back: RawImage, cutout: RawImage): { overlap: number; colourError: number } {
  let both = 0;
  let either = 0;
  let colourError = 0;
  let solid = 0;
  for (let p = 0; p < back.width * back.height; p++) {
    const a = back.data[p * 4 + 3]! >= 128;
    const b = cutout.data[p * 4 + 3]! >= 128;
    both += a && b ? 1 : 0;
    either += a || b ? 1 : 0;
    if (back.data[p * 4 + 3]! === 255 && cutout.data[p * 4 + 3]! === 255) {
      for (let c = 0; c < 3; c++) colourError += Math.abs(back.data[p * 4 + c]! - cutout.data[p * 4 + c]!);
      solid++;
    }
  }
  return { overlap: both / either, colourError: colourError / (3 * solid) };
}

describe('a cut-out read again at the detail it is shown at', () => {
  it.each([
    ['as stored', () => Promise.resolve(bike)],
    // A phone's portrait photo: pixels stored turned, the EXIF orientation turning them upright.
    [
      'turned by its EXIF orientation',
      () => sharp(bike).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer(),
    ],
  ])(
    'takes the product box from the file (%s) at up to DETAIL_SIDE, aligned with the mask found on the reduced photo',
    async (_, file) => {
      const input = await file();
      const photo = await decodeRgba(input, PRODUCT_SIDE);
      expect([photo.source.width, photo.source.height]).toEqual([3000, 2000]);
      const cutout = await cutOut(photo);
      expect(cutout.method).not.toBe('framed');
      const detailed = await withDetail(input, photo, photo.source, cutout);
      const { image } = detailed;
      const expected = Math.min(
        DETAIL_SIDE,
        Math.round(Math.max(cutout.image.width, cutout.image.height) * (3000 / photo.width)),
      );
      expect(Math.max(image.width, image.height)).toBe(expected);
      expect(image.width / image.height).toBeCloseTo(cutout.image.width / cutout.image.height, 2);
      expect(detailed.scale).toBeCloseTo(image.width / cutout.image.width, 2);
      const { overlap, colourError } = alignment(
        await resized(image, cutout.image.width, cutout.image.height),
        cutout.image,
      );
      expect(overlap).toBeGreaterThan(0.97);
      expect(colourError).toBeLessThan(6);

      // And it holds detail that enlarging the reduced cut-out to the same size cannot give.
      const enlarged = await resized(cutout.image, image.width, image.height);
      expect(detailEnergy(image)).toBeGreaterThan(1.3 * detailEnergy(enlarged));
    },
  );

  it("keeps a transparent file's own outline", async () => {
    const mask = await sharp(path.join(DEV_SET, 'bike.mask.png')).extractChannel(0).raw().toBuffer();
    const png = await sharp(bike)
      .joinChannel(mask, { raw: { width: 3000, height: 2000, channels: 1 } })
      .png()
      .toBuffer();
    const photo = await decodeRgba(png, PRODUCT_SIDE);
    const cutout = await cutOut(photo);
    expect(cutout.method).toBe('alpha');
    const { image } = await withDetail(png, photo, photo.source, cutout);
    expect(Math.max(image.width, image.height)).toBe(DETAIL_SIDE);
    // Brought back to the reduced size, its outline is the one the reduced photo's alpha gave.
    const { overlap } = alignment(
      await resized(image, cutout.image.width, cutout.image.height),
      cutout.image,
    );
    expect(overlap).toBeGreaterThan(0.98);
  });

  it('leaves a cut-out alone when the file has no more detail, and a photo framed whole', async () => {
    const small = await sharp(bike).resize(1200).jpeg().toBuffer();
    const photo = await decodeRgba(small, PRODUCT_SIDE);
    const cutout = await cutOut(photo);
    expect(await withDetail(small, photo, photo.source, cutout)).toBe(cutout);

    const large = await decodeRgba(bike, PRODUCT_SIDE);
    const framed = cutoutFrom(large, { framed: true, reason: 'low-confidence', confidence: 0.3 });
    expect(await withDetail(bike, large, large.source, framed)).toBe(framed);
  });
});
