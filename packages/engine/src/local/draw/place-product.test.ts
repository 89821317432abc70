import { describe, expect, it } from 'vitest';
import type { Light } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { blendProduct } from './place-product';

/** A scene of one colour. */
const sceneOf = (rgb: [number, number, number]): RawImage => {
  const data = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { data, width: 400, height: 300, channels: 3 };
};

/** A solid product of one colour, 100 × 100, fully opaque. */
const productOf = (rgb: [number, number, number]): RawImage => {
  const data = Buffer.alloc(100 * 100 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return { data, width: 100, height: 100, channels: 4 };
};

const at = { x: 150, y: 100, width: 100, height: 100, scale: 1 };
const evenLight: Light = { from: 'top', exposure: 0, strength: 0 };

/** The product's mean colour once blended, away from its edge (where the light wrap is). */
async function blended(scene: [number, number, number], product: [number, number, number]) {
  const canvas = sceneOf(scene);
  await blendProduct(canvas, productOf(product), at, evenLight, { wrap: false });
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 120; y < 180; y++)
    for (let x = 170; x < 230; x++) {
      const i = (y * canvas.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += canvas.data[i + c]!;
      n++;
    }
  return sum.map((v) => v / n) as [number, number, number];
}

const luma = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

describe('the product takes the colour of the light around it, bounded', () => {
  it('a white product in a golden scene turns warm (red over blue by 15 % or more), its brightness kept within the exposure match', async () => {
    const [r, g, b] = await blended([200, 140, 70], [225, 228, 235]);
    expect(r / b).toBeGreaterThan(1.15);
    expect(Math.abs(luma([r, g, b]) / luma([225, 228, 235]) - 1)).toBeLessThan(0.08);
  });

  it('a grey product in a deep orange scene warms by the channels’ bound and no more: red over blue at most 1.14 / 0.86', async () => {
    const [r, , b] = await blended([230, 110, 20], [140, 140, 140]);
    expect(r / b).toBeGreaterThan(1.25);
    expect(r / b).toBeLessThanOrEqual((1.14 / 0.86) * 1.01);
  });

  it('in a neutral grey scene a near-white product stays near-white: its balance moves by 3 % at most', async () => {
    const [r, g, b] = await blended([128, 128, 128], [225, 228, 235]);
    expect(Math.abs(r / b / (225 / 235) - 1)).toBeLessThan(0.03);
    expect(Math.abs(g / b / (228 / 235) - 1)).toBeLessThan(0.03);
    expect(luma([r, g, b]) / luma([225, 228, 235])).toBeGreaterThan(0.92);
  });

  it('a white product before a néon purple backdrop is not turned pink: a paint’s colour is not a light’s', async () => {
    // Before, green fell by a quarter against red and blue (pink to the eye). Now the purple is taken
    // as the light it could cast, a cool one: the product may cool, its green does not fall.
    const [r, g, b] = await blended([70, 18, 95], [225, 228, 235]);
    expect(g / r).toBeGreaterThanOrEqual((228 / 225) * 0.98);
    expect(g / b).toBeGreaterThanOrEqual((228 / 235) * 0.9);
  });

  it('before a hot pink backdrop (red ahead of blue) the product warms, it is not turned pink', async () => {
    const [r, g, b] = await blended([230, 40, 120], [140, 140, 140]);
    // Pink: green below both red and blue. A warm light: green between them.
    expect(g).toBeGreaterThanOrEqual(b * 0.98);
    expect(r).toBeGreaterThan(b);
  });

  it('before a teal backdrop the product cools, it is not turned cyan: blue leads green', async () => {
    // Cyan: green and blue together ahead of red. A cool light: blue ahead of green (by 3 % before,
    // nearly 5 % now: the scene's green is taken nearer the middle of its red and blue).
    const [, g, b] = await blended([20, 150, 160], [140, 140, 140]);
    expect(b / g).toBeGreaterThan(1.04);
  });

  it('a grey product on a lawn’s green is not turned green', async () => {
    for (const lawn of [
      [70, 150, 60],
      [90, 140, 50],
    ] as [number, number, number][]) {
      const [r, g, b] = await blended(lawn, [140, 140, 140]);
      expect(g, lawn.join()).toBeLessThanOrEqual(Math.max(r, b) * 1.01);
    }
  });

  it('a blue product in a golden scene stays blue: the balance moves, the product’s own colour stays', async () => {
    const [r, , b] = await blended([200, 140, 70], [40, 60, 140]);
    expect(b).toBeGreaterThan(1.8 * r);
  });
});

describe('under a clear sun the product has a lit side and a side in shade', () => {
  /** A grey disc of radius 30 (a round body's outline) and a wide spout in rows 30 to 50. */
  const body = (): RawImage => {
    const product = productOf([150, 150, 150]);
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 100; x++) {
        const inDisc = (x - 35) ** 2 + (y - 50) ** 2 <= 30 ** 2;
        const spout = x >= 60 && y >= 30 && y < 50;
        product.data[(y * 100 + x) * 4 + 3] = inDisc || spout ? 255 : 0;
      }
    return product;
  };
  /** Mean luma of the drawn product's columns [x0, x1) in rows [y0, y1), in the product's pixels. */
  const band = (canvas: RawImage, x0: number, x1: number, y0: number, y1: number) => {
    let sum = 0;
    let n = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = ((at.y + y) * canvas.width + at.x + x) * 3;
        sum += luma([canvas.data[i]!, canvas.data[i + 1]!, canvas.data[i + 2]!]);
        n++;
      }
    return sum / n;
  };
  const drawn = async (from: Light['from'], sun: number) => {
    const canvas = sceneOf([150, 150, 150]);
    await blendProduct(canvas, body(), at, { from, exposure: 0, strength: 0 }, { wrap: false, sun });
    return canvas;
  };

  it('the sun’s side of the body is brighter than its far side by a fifth or more, on either side; without a sun, even', async () => {
    const right = await drawn('right', 1);
    expect(band(right, 50, 60, 60, 70) / band(right, 10, 20, 60, 70)).toBeGreaterThan(1.2);
    const left = await drawn('left', 1);
    expect(band(left, 10, 20, 60, 70) / band(left, 50, 60, 60, 70)).toBeGreaterThan(1.2);
    const none = await drawn('right', 0);
    expect(Math.abs(band(none, 50, 60, 60, 70) / band(none, 10, 20, 60, 70) - 1)).toBeLessThan(0.01);
  });

  it('the light follows the body, not the box: a spout a few rows long draws no seam across it', async () => {
    const right = await drawn('right', 1);
    // Down the body's middle, from row to row, the light changes by 3 levels at most.
    const steps = [];
    for (let y = 20; y < 80; y++)
      steps.push(Math.abs(band(right, 30, 40, y + 1, y + 2) - band(right, 30, 40, y, y + 1)));
    expect(Math.max(...steps)).toBeLessThanOrEqual(3);
  });
});
