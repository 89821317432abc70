import { NO_PRODUCT, rectangleCoverage } from '../draw/coverage';
import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { busyness, CALM_ENOUGH, calmBehind, calmestPlacement } from './text-calm';

const W = 600;
const H = 400;

/** A pale sky with a bright sun disc at (450, 100) and a checkered shelf in the bottom-left corner. */
function scene(): RawImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      let rgb = [150 + y * 0.1, 190 + y * 0.05, 235];
      if ((x - 450) ** 2 + (y - 100) ** 2 < 60 ** 2) rgb = [255, 224, 120];
      if (x < 250 && y > 250) rgb = ((x >> 4) + (y >> 4)) % 2 ? [190, 40, 40] : [245, 240, 230];
      data.set(rgb.map(Math.round), i);
    }
  }
  return { data, width: W, height: H, channels: 3 };
}

const block = (x: number, y: number, width = 200, height = 80): TextBlock => ({
  role: 'slogan',
  text: 'Le goût du vrai',
  box: { x, y, width, height },
  align: 'left',
  typeface: { family: 'Inter', weight: 800, italic: false, uppercase: false },
  language: 'fr',
});

describe('text sits on calm parts of the scene', () => {
  it('scores flat sky as calm and a sun or a patterned shelf as busy', () => {
    const image = scene();
    const sky = busyness(image, { x: 20, y: 20, width: 200, height: 80 });
    const sun = busyness(image, { x: 350, y: 60, width: 200, height: 80 });
    const shelf = busyness(image, { x: 20, y: 280, width: 200, height: 80 });
    expect(sky).toBeLessThan(CALM_ENOUGH / 3);
    expect(sun).toBeGreaterThan(CALM_ENOUGH);
    expect(shelf).toBeGreaterThan(CALM_ENOUGH);
  });

  it('moves text planned over the sun to a clearly calmer alternative, and keeps a calm plan', () => {
    const image = scene();
    const overSun = [block(350, 60)];
    const calm = [block(20, 20)];
    expect(calmestPlacement(image, overSun, [[block(20, 280)], calm]).blocks).toBe(calm);
    expect(calmestPlacement(image, calm, [[block(300, 300)]]).blocks).toBe(calm);
  });

  it('calms a busy area behind text by at least half, and never touches the product', async () => {
    const image = scene();
    const area = [block(350, 60)];
    const before = busyness(image, area[0]!.box);
    const original = Buffer.from(image.data);
    // The product covers the left half of the text box.
    const product = rectangleCoverage({ x: 0, y: 0, width: 450, height: H });
    expect(await calmBehind(image, area, product, before)).toBe(true);
    const right = { x: 450, y: 60, width: 100, height: 80 };
    expect(busyness(image, right)).toBeLessThan(busyness({ ...image, data: original }, right) * 0.5);
    let touched = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < 450 * 3; x++) if (image.data[y * W * 3 + x] !== original[y * W * 3 + x]) touched++;
    }
    expect(touched).toBe(0);
    // A calm area is left as it is.
    const sky = [block(20, 20)];
    expect(await calmBehind(image, sky, NO_PRODUCT, busyness(image, sky[0]!.box))).toBe(false);
  });

  it('reads as soft light, not a box: near the frame it runs on to the edge, inside it fades out smoothly', async () => {
    // A busy checker everywhere; a headline near the top, across most of the width.
    const checker = (): RawImage => {
      const data = Buffer.alloc(W * H * 3);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
          data.set(((x >> 3) + (y >> 3)) % 2 ? [60, 70, 90] : [210, 200, 180], (y * W + x) * 3);
      return { data, width: W, height: H, channels: 3 };
    };
    const image = checker();
    const original = checker();
    const headline = [block(40, 30, 520, 70)];
    expect(await calmBehind(image, headline, NO_PRODUCT, busyness(image, headline[0]!.box))).toBe(true);
    // The strips between the text and the frame's top and sides are calmed as much as behind the text.
    const behind = busyness(image, headline[0]!.box) / busyness(original, headline[0]!.box);
    for (const strip of [
      { x: 0, y: 0, width: W, height: 24 },
      { x: 0, y: 30, width: 32, height: 70 },
      { x: W - 32, y: 30, width: 32, height: 70 },
    ])
      expect(busyness(image, strip) / busyness(original, strip)).toBeLessThan(behind * 1.25);
    // Below the text, the change fades row by row: no row changes much more than the one below it.
    const change = (y: number) => {
      let sum = 0;
      for (let x = 0; x < W * 3; x++)
        sum += Math.abs(image.data[y * W * 3 + x]! - original.data[y * W * 3 + x]!);
      return sum / (W * 3);
    };
    for (let y = 100; y < H - 1; y++) expect(change(y) - change(y + 1)).toBeLessThan(6);
    expect(change(H - 1)).toBeLessThan(1);
  });
});
