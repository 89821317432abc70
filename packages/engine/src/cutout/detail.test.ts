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

describe('a cut-out read again at the detail it is shown at', () => {
  it('takes the product box from the file at up to DETAIL_SIDE, aligned with the mask found on the reduced photo', async () => {
    const photo = await decodeRgba(bike, PRODUCT_SIDE);
    const cutout = await cutOut(photo);
    expect(cutout.method).not.toBe('framed');
    const detailed = await withDetail(bike, photo, photo.source, cutout);
    const { image } = detailed;
    const expected = Math.min(
      DETAIL_SIDE,
      Math.round(Math.max(cutout.image.width, cutout.image.height) * (3000 / photo.width)),
    );
    expect(Math.max(image.width, image.height)).toBe(expected);
    expect(image.width / image.height).toBeCloseTo(cutout.image.width / cutout.image.height, 2);
    expect(detailed.offset).toEqual(cutout.offset);

    // Brought back to the reduced size, it is the same product in the same place.
    const back = await resized(image, cutout.image.width, cutout.image.height);
    let both = 0;
    let either = 0;
    let colourError = 0;
    let solid = 0;
    for (let p = 0; p < back.width * back.height; p++) {
      const a = back.data[p * 4 + 3]! >= 128;
      const b = cutout.image.data[p * 4 + 3]! >= 128;
      both += a && b ? 1 : 0;
      either += a || b ? 1 : 0;
      if (back.data[p * 4 + 3]! === 255 && cutout.image.data[p * 4 + 3]! === 255) {
        for (let c = 0; c < 3; c++)
          colourError += Math.abs(back.data[p * 4 + c]! - cutout.image.data[p * 4 + c]!);
        solid++;
      }
    }
    expect(both / either).toBeGreaterThan(0.97);
    expect(colourError / (3 * solid)).toBeLessThan(6);

    // And it holds detail that enlarging the reduced cut-out to the same size cannot give.
    const enlarged = await resized(cutout.image, image.width, image.height);
    expect(detailEnergy(image)).toBeGreaterThan(1.3 * detailEnergy(enlarged));
  });

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
    const file = await toRaw(
      sharp(png)
        .extract({
          left: Math.round(cutout.offset.x * (3000 / photo.width)),
          top: Math.round(cutout.offset.y * (2000 / photo.height)),
          width: Math.round(cutout.image.width * (3000 / photo.width)),
          height: Math.round(cutout.image.height * (2000 / photo.height)),
        })
        .resize(image.width, image.height, { fit: 'fill' }),
    );
    let differ = 0;
    for (let p = 0; p < image.width * image.height; p++)
      differ += Math.abs(image.data[p * 4 + 3]! - file.data[p * 4 + 3]!) > 8 ? 1 : 0;
    expect(differ / (image.width * image.height)).toBeLessThan(0.001);
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
