import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../image/sharp';
import { baseLine, firmBase } from './firm-base';

const W = 40;
const H = 100;
const alphaAt = (image: RawImage, x: number, y: number) => image.data[(y * W + x) * 4 + 3]!;

/**
 * A product standing on two legs: solid down to row 89 in columns 0–14 and 25–39, nothing solid in the
 * columns between them below row 60 (a soft 100, the floor seen between the legs); under the solid
 * base, four rows of the floor half kept (alpha 120 falling to 60), as a cut-out's soft fringe leaves them.
 */
function standing(): RawImage {
  const data = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const leg = x < 15 || x >= 25;
      let alpha = 0;
      if (y < 60 || (leg && y < 90)) alpha = 255;
      else if (y < 94) alpha = leg ? 120 - (y - 90) * 20 : 100;
      data.set([90, 80, 70, alpha], (y * W + x) * 4);
    }
  return { data, width: W, height: H, channels: 4 };
}

describe('a standing product meets the surface with its solid base, not its fringe', () => {
  it('clears the soft rows under the base but for one row of anti-aliasing', () => {
    const product = standing();
    expect(firmBase(product)).toBeGreaterThan(0);
    for (const x of [0, 7, 14, 25, 39]) {
      expect(alphaAt(product, x, 89)).toBe(255);
      expect(alphaAt(product, x, 90)).toBe(60);
      for (let y = 91; y < H; y++) expect(alphaAt(product, x, y)).toBe(0);
    }
    // Under the base, the ground is the row after the anti-aliased one at most.
    expect(baseLine(product)).toBe(90);
  });

  it('leaves a column with nothing solid near the foot as it is (between two legs)', () => {
    const product = standing();
    firmBase(product);
    for (let y = 60; y < 94; y++) expect(alphaAt(product, 20, y)).toBe(100);
  });

  it('keeps what hangs deeper than a fringe under the base: a tassel is the product’s own', () => {
    const product = standing();
    // A translucent tassel under the left leg, down to the foot of the image.
    for (let y = 90; y < H; y++) product.data[(y * W + 5) * 4 + 3] = 150;
    firmBase(product);
    expect(alphaAt(product, 5, 91)).toBe(0);
    for (let y = 94; y < H; y++) expect(alphaAt(product, 5, y)).toBe(150);
  });

  it('changes nothing on a product whose base is already crisp', () => {
    const product = standing();
    for (let y = 90; y < H; y++) for (let x = 0; x < W; x++) product.data[(y * W + x) * 4 + 3] = 0;
    expect(firmBase(product)).toBe(0);
    expect(baseLine(product)).toBe(90);
  });
});
