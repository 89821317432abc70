/**
 * The model's second, closer look at what it found (decision 109), with a stand-in model whose
 * weakness is the one the closer look answers: seen from afar, a small red product and the grey stone
 * it stands against blur into one subject; seen close, the stone is scenery.
 */
import { describe, expect, it } from 'vitest';
import { fromSvg, toRaw, type RawImage } from '../image/sharp';
import { findMask } from './cutout';
import type { SaliencyModel } from './model';
import { CLOSER_BELOW, lookCloser } from './second-look';

const isRed = (data: Buffer | Uint8Array, p: number, channels: number) =>
  data[p * channels]! > 150 && data[p * channels + 1]! < 100;
const isStone = (data: Buffer | Uint8Array, p: number, channels: number) => {
  const [r, g, b] = [data[p * channels]!, data[p * channels + 1]!, data[p * channels + 2]!];
  return Math.abs(r - 128) < 20 && Math.abs(g - 128) < 20 && Math.abs(b - 128) < 20;
};

/**
 * Sees red as the product; sees the stone as product too while red fills less than `farBelow` of the
 * view (a tenth: from afar only; 1: at any distance).
 */
function shortSighted(
  farBelow = 0.1,
): SaliencyModel & { views: { width: number; height: number; red: number }[] } {
  const views: { width: number; height: number; red: number }[] = [];
  return {
    views,
    predict: async ({ data, width, height, channels }) => {
      const count = width * height;
      let red = 0;
      for (let p = 0; p < count; p++) if (isRed(data, p, channels)) red++;
      views.push({ width, height, red: red / count });
      const far = red / count < farBelow;
      const map = new Float32Array(count);
      for (let p = 0; p < count; p++)
        map[p] = isRed(data, p, channels) ? 0.95 : far && isStone(data, p, channels) ? 0.8 : 0.02;
      return map;
    },
  };
}

/** A 1200x900 photo: a meadow of green stripes, a red tin, a grey stone touching its right side. */
async function canBesideStone(): Promise<RawImage> {
  const stripes = Array.from(
    { length: 60 },
    (_, i) => `<rect x="0" y="${i * 15}" width="1200" height="8" fill="${i % 2 ? '#3f7a35' : '#5c9a44'}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#4d8a3c"/>${stripes}
    <rect x="630" y="330" width="150" height="220" fill="#808080"/>
    <rect x="480" y="290" width="160" height="270" fill="#c8282a"/>
  </svg>`;
  return toRaw(fromSvg(svg).ensureAlpha());
}

const at = (mask: RawImage, x: number, y: number) => mask.data[y * mask.width + x]!;

describe("the model's closer look at a small product", () => {
  it('drops the stone the far look took for the product, and keeps the product', async () => {
    const model = shortSighted();
    const found = await findMask(await canBesideStone(), { model });
    expect(found.method).toBe('model');
    expect(found.framed).toBe(false);
    // Two looks: the whole photo, then a crop where the can fills far more of the view.
    expect(model.views).toHaveLength(2);
    expect(model.views[1]!.red).toBeGreaterThan(0.1);
    expect(at(found.alpha!, 560, 420)).toBe(255);
    expect(at(found.alpha!, 710, 440)).toBeLessThan(40);
  });

  it('keeps the stone when the model takes it for the product from both distances', async () => {
    // The same stand-in, short-sighted at any distance: the closer look agrees with the first.
    const sure = shortSighted(1);
    const found = await findMask(await canBesideStone(), { model: sure });
    expect(sure.views).toHaveLength(2);
    expect(at(found.alpha!, 560, 420)).toBe(255);
    expect(at(found.alpha!, 710, 440)).toBe(255);
  });

  it.each([
    ['the product already fills the frame', 0.9],
    ['the first look found nothing', 0.1],
  ])('does not look again when %s', async (_, everywhere) => {
    const model = shortSighted();
    const whole = new Float32Array(100 * 80).fill(everywhere);
    const photo = { data: Buffer.alloc(100 * 80 * 3, 90), width: 100, height: 80, channels: 3 } as const;
    expect(await lookCloser(model, photo, whole, 100, 80)).toBe(whole);
    expect(model.views).toHaveLength(0);
  });

  it('averages the two looks within the crop and keeps the first outside it', async () => {
    // The first look: a product in the square 40..59 by 30..49, a faint 0.3 everywhere else.
    const width = 100;
    const height = 80;
    const whole = new Float32Array(width * height).fill(0.3);
    for (let y = 30; y < 50; y++) for (let x = 40; x < 60; x++) whole[y * width + x] = 0.9;
    const photo = { data: Buffer.alloc(width * height * 3, 90), width, height, channels: 3 } as const;
    const constant: SaliencyModel = {
      predict: async (rgb) => new Float32Array(rgb.width * rgb.height).fill(0.1),
    };
    const map = await lookCloser(constant, photo, whole, width, height);
    // The crop is the square with 15 % of its side (3 pixels) around it: columns 37..62, rows 27..52.
    expect(map[40 * width + 50]).toBeCloseTo((0.9 + 0.1) / 2, 5);
    for (const [x, y] of [
      [37, 27],
      [62, 52],
      [37, 52],
      [62, 27],
    ] as const)
      expect(map[y * width + x]).toBeCloseTo((0.3 + 0.1) / 2, 5);
    for (const [x, y] of [
      [36, 40],
      [63, 40],
      [50, 26],
      [50, 53],
      [5, 5],
    ] as const)
      expect(map[y * width + x]).toBeCloseTo(0.3, 5);
  });

  it('looks again up to a crop of 60 % of the photo, not beyond', async () => {
    const width = 100;
    const height = 100;
    const photo = { data: Buffer.alloc(width * height * 3, 90), width, height, channels: 3 } as const;
    const square = (side: number) => {
      // A product of side x side pixels in the middle: its crop is 1.3 times its side.
      const whole = new Float32Array(width * height).fill(0.01);
      const from = Math.floor((width - side) / 2);
      for (let y = from; y < from + side; y++)
        for (let x = from; x < from + side; x++) whole[y * width + x] = 0.9;
      return whole;
    };
    // 58 pixels: a crop of 9 + 58 + 9 = 76 a side, 57.8 % of the photo; 60: 78 a side, 60.8 %.
    expect(CLOSER_BELOW).toBe(0.6);
    const near = square(58);
    const far = square(60);
    const model = shortSighted();
    expect(await lookCloser(model, photo, near, width, height)).not.toBe(near);
    expect(model.views).toHaveLength(1);
    expect(await lookCloser(model, photo, far, width, height)).toBe(far);
    expect(model.views).toHaveLength(1);
  });
});
