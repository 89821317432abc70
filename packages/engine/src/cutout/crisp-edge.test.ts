/** A crisp edge where the ground is busy (crisp-edge.ts): steepened beside grains, left alone before a plain wall. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { crispOverBusyGround } from './crisp-edge';
import { findMask } from './cutout';
import { loadSaliencyModel } from './model';
import { saliencyModelFromEnv } from './model-config';
import { PRODUCT_SIDE } from './run';

const PRODUCTS = path.resolve(import.meta.dirname, '../../test-data/open-photos/products');
const WIDTH = 120;
const HEIGHT = 80;
/** The product: a pale square from x = 40 to 80; its edge filter's ramp 16 pixels wide either side. */
const RAMP = 16;

/**
 * A pale product on a grey ground with grains of ±`grain` a pixel wide; its outline blurred over
 * `blur` pixels (a defocused rim: 0 for a sharp one).
 */
function photoOn(grain: number, blur = 0): RawImage {
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const inside = Math.min(x - 40, 79 - x, y - 20, 59 - y) + 0.5;
      const t = blur ? Math.min(1, Math.max(0, inside / blur + 0.5)) : inside > 0 ? 1 : 0;
      const v = Math.round(120 + 95 * t + grain * random());
      data.fill(Math.min(255, Math.max(0, v)), i, i + 3);
      data[i + 3] = 255;
    }
  return { data, width: WIDTH, height: HEIGHT, channels: 4 };
}

/** The filter's wide ramp across the square's edges (0.2 outside to 0.8 inside, as segment.ts reads it), and its alpha. */
function wideRamp() {
  const soft = new Float32Array(WIDTH * HEIGHT);
  const alpha = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      // Signed distance to the square's outline, positive inside.
      const inside = Math.min(x - 40, 79 - x, y - 20, 59 - y);
      const t = Math.min(1, Math.max(0, (inside + RAMP / 2) / RAMP));
      soft[y * WIDTH + x] = 0.2 + 0.6 * t;
      alpha[y * WIDTH + x] = Math.round(t * 255);
    }
  return { soft, alpha };
}

const softPixels = (alpha: Uint8Array) => alpha.filter((a) => a > 12 && a < 243).length;

describe('a crisp edge where the ground is busy', () => {
  it('steepens the ramp to about two pixels beside a grainy ground, about its middle', () => {
    const { soft, alpha } = wideRamp();
    const before = Buffer.from(alpha);
    crispOverBusyGround(photoOn(40), soft, alpha, 1 / 0.6);
    // Along the middle row the left edge's ramp was 16 pixels wide; now two or three.
    const row = alpha.subarray(40 * WIDTH, 41 * WIDTH);
    const ramp = [...row.subarray(0, 60)].filter((a) => a > 12 && a < 243).length;
    expect(ramp).toBeGreaterThan(0);
    expect(ramp).toBeLessThanOrEqual(3);
    expect(softPixels(alpha)).toBeLessThan(softPixels(before) / 4);
    // The middle stays where it was: the half of the ramp at the outline is still half.
    expect(Math.abs(row[40]! - before[40 * WIDTH + 40]!)).toBeLessThanOrEqual(16);
    // Clear product and clear background are untouched.
    expect(alpha[40 * WIDTH + 60]).toBe(255);
    expect(alpha[40 * WIDTH + 5]).toBe(0);
  });

  it('leaves a soft edge before a plain ground as the filter drew it (fur, a defocused rim)', () => {
    // The photo's own outline blurred over the ramp's width, on a wall with a sensor's faint noise.
    for (const photo of [photoOn(0), photoOn(3, RAMP), photoOn(3, 24)]) {
      const { soft, alpha } = wideRamp();
      const before = Buffer.from(alpha);
      crispOverBusyGround(photo, soft, alpha, 1 / 0.6);
      expect(alpha.equals(before)).toBe(true);
    }
  });

  it('leaves an edge already crisp as it is, its anti-aliasing kept, beside a grainy ground', () => {
    // A ramp two pixels wide (alpha 85 and 170) and one a pixel wide (alpha 64 on one side, 191 on another).
    const soft = new Float32Array(WIDTH * HEIGHT);
    const alpha = Buffer.alloc(WIDTH * HEIGHT);
    const set = (x: number, y: number, a: number) => {
      alpha[y * WIDTH + x] = a;
      soft[y * WIDTH + x] = 0.2 + (0.6 * a) / 255;
    };
    for (let y = 20; y < 60; y++) {
      for (let x = 40; x < 80; x++) set(x, y, 255);
      set(38, y, 85);
      set(39, y, 170);
      set(80, y, y < 40 ? 64 : 191);
    }
    const before = Buffer.from(alpha);
    crispOverBusyGround(photoOn(40), soft, alpha, 1 / 0.6);
    expect(alpha.equals(before)).toBe(true);
  });

  it('with the installed model, a candle on a sidewalk has an edge about two pixels wide, not a six-pixel halo', async () => {
    // Before: 6.0 soft pixels per pixel of outline (the filter’s ramp over the paving’s grains); 2.2 after.
    const model = await loadSaliencyModel(saliencyModelFromEnv({})!);
    const photo = await decodeRgba(
      fs.readFileSync(path.join(PRODUCTS, 'candle-brick-wall-sidewalk.jpg')),
      PRODUCT_SIDE,
    );
    const found = await findMask(photo, { model });
    expect(found.method).toBe('model');
    const { data, width } = found.alpha!;
    let outline = 0;
    for (let p = width; p < data.length - width; p++) {
      if (data[p]! < 128) continue;
      if (data[p - 1]! < 128 || data[p + 1]! < 128 || data[p - width]! < 128 || data[p + width]! < 128)
        outline++;
    }
    expect(softPixels(data) / outline).toBeLessThan(3);
  });
});
