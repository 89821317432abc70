import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import { syntheticProduct, transparentProduct, type Backdrop, type ProductShape } from '../samples/synthetic';
import { cutOut, type Cutout } from './cutout';

/** Mean |alpha - truth| over the whole photo, with the trimmed cut-out put back at its offset. */
function meanAlphaError(truth: Float32Array, width: number, cut: Cutout): number {
  const { image, offset } = cut;
  let sum = 0;
  for (let p = 0; p < truth.length; p++) {
    const x = (p % width) - offset.x;
    const y = Math.floor(p / width) - offset.y;
    const inside = x >= 0 && y >= 0 && x < image.width && y < image.height;
    const alpha = inside ? image.data[(y * image.width + x) * 4 + 3]! / 255 : 0;
    sum += Math.abs(alpha - truth[p]!);
  }
  return sum / truth.length;
}

// Stated bound: mean alpha error under 1 % of full opacity per pixel over the whole photo.
const MEAN_ALPHA_ERROR_BOUND = 0.01;

describe('product cut-out', () => {
  const cases: [ProductShape, Backdrop, number][] = [
    ['bottle', 'white', 1],
    ['jar', 'studio-grey', 1],
    ['box', 'sand', 1],
    ['bottle', 'studio-grey', 2.5],
  ];
  for (const [shape, backdrop, scale] of cases) {
    it(`separates a ${shape} from a ${backdrop} backdrop (x${scale}) with mean alpha error under ${MEAN_ALPHA_ERROR_BOUND}`, async () => {
      const { photo, truth } = await syntheticProduct(shape, backdrop, scale);
      const cut = await cutOut(photo);
      expect(cut.method).toBe('studio');
      expect(meanAlphaError(truth, photo.width, cut)).toBeLessThan(MEAN_ALPHA_ERROR_BOUND);
    });
  }

  it('keeps the alpha of a PNG that has one', async () => {
    const png = await decodeRgba(await transparentProduct('jar'), 2000);
    const cut = await cutOut(png);
    expect(cut.method).toBe('alpha');
    expect([cut.image.width, cut.image.height]).toEqual([180, 285]);
  });

  it('falls back to the framed-photo layout when the background is too busy, never a ragged cut-out', async () => {
    const { photo } = await syntheticProduct('bottle', 'busy');
    const cut = await cutOut(photo);
    expect(cut.method).toBe('framed');
    expect(cut.reason).toBe('busy-background');
    expect([cut.image.width, cut.image.height]).toEqual([photo.width, photo.height]);
  });

  it('leaves no halo: soft edge pixels carry the product colour, not the white backdrop', async () => {
    const { photo } = await syntheticProduct('jar', 'white');
    const { image } = await cutOut(photo);
    let edge = 0;
    let whitish = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      const a = image.data[i + 3]!;
      if (a === 0 || a >= 250) continue;
      edge++;
      if (image.data[i]! > 220 && image.data[i + 1]! > 220 && image.data[i + 2]! > 220) whitish++;
    }
    expect(edge).toBeGreaterThan(100);
    expect(whitish / edge).toBeLessThan(0.02);
  });
});
