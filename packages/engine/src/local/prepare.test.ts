import { beforeAll, describe, expect, it } from 'vitest';
import { FUSION_FORMAT_SIZES, FUSION_FORMATS } from '@vitrine/shared/api/generation';
import { fromRaw, toRaw } from '../image/sharp';
import { sceneJpeg } from '../samples/synthetic';
import { prepareContext } from './prepare';
import { coverCrop } from './draw/scene';

let file: Buffer;
beforeAll(async () => {
  file = await sceneJpeg(3000, 2000);
}, 60_000);

describe('the context photo', () => {
  it('is kept just large enough to cover the canvas, so framing it is a plain crop', async () => {
    for (const format of FUSION_FORMATS) {
      const canvas = FUSION_FORMAT_SIZES[format];
      const { image } = await prepareContext(file, canvas);
      const scale = Math.max(canvas.width / 3000, canvas.height / 2000);
      expect([image.width, image.height], format).toEqual([
        Math.round(3000 * scale),
        Math.round(2000 * scale),
      ]);
      const framed = await coverCrop(image, canvas, { crop: 'south' });
      const left = Math.floor((image.width - canvas.width) / 2);
      const crop = await toRaw(
        fromRaw(image).extract({ left, top: image.height - canvas.height, ...canvas }),
      );
      expect(framed.data.equals(crop.data), format).toBe(true);
    }
  }, 60_000);

  it('frames a covering context by copying its rows, as libvips would crop', async () => {
    const canvas = FUSION_FORMAT_SIZES.story;
    const { image } = await prepareContext(file, canvas);
    const left = Math.floor((image.width - canvas.width) / 2);
    const expected = fromRaw(image).extract({ left, top: 0, ...canvas });
    const framed = await coverCrop(image, canvas, { crop: 'centre' });
    expect(framed.data.equals((await toRaw(expected)).data)).toBe(true);
    // A smart crop picks its window, then copies it too: every row is a row of the context.
    const smart = await coverCrop(image, canvas, { crop: 'attention' });
    expect([smart.width, smart.height]).toEqual([canvas.width, canvas.height]);
    const row = smart.data.subarray(0, canvas.width * 3);
    expect(image.data.subarray(0, image.width * 3).includes(row)).toBe(true);
  });

  it('frames the window where the surface puts it across and down, whatever the crop strategy', async () => {
    const canvas = FUSION_FORMAT_SIZES.carré;
    const { image } = await prepareContext(file, canvas);
    for (const crop of ['attention', 'centre'] as const) {
      // Zoomed 1.25: the window is 0.8 of the covering one, placed at 0.3 across and 0.1 down.
      const framed = await coverCrop(image, canvas, { crop, zoom: 1.25, top: 0.1, left: 0.3 });
      const scale = Math.max(canvas.width / image.width, canvas.height / image.height) * 1.25;
      const window = {
        left: Math.round(0.3 * image.width),
        top: Math.round(0.1 * image.height),
        width: Math.round(canvas.width / scale),
        height: Math.round(canvas.height / scale),
      };
      const expected = await toRaw(
        fromRaw(image).extract(window).resize(canvas.width, canvas.height, { fit: 'fill' }),
      );
      expect(framed.data.equals(expected.data), crop).toBe(true);
    }
  });

  it('covers the largest side of every format when the canvas is not given', async () => {
    const { image } = await prepareContext(file);
    expect([image.width, image.height]).toEqual([2880, 1920]);
    const portrait = await prepareContext(await sceneJpeg(900, 1200));
    expect([portrait.image.width, portrait.image.height]).toEqual([900, 1200]);
  }, 60_000);
});
