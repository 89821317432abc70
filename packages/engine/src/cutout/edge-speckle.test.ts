/** Specks along the cut-out's edge (edge-speckle.ts): taken away outside, filled inside, details kept. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import { components } from './clean';
import { findMask } from './cutout';
import { withoutEdgeSpecks } from './edge-speckle';
import { loadSaliencyModel } from './model';
import { saliencyModelFromEnv } from './model-config';
import { PRODUCT_SIDE } from './run';

const PRODUCTS = path.resolve(import.meta.dirname, '../../test-data/open-photos/products');

/** A 60 x 40 alpha: a solid rectangle, with what `draw` adds. */
function alphaWith(draw: (set: (x: number, y: number, v: number) => void) => void) {
  const width = 60;
  const height = 40;
  const alpha = Buffer.alloc(width * height);
  const set = (x: number, y: number, v: number) => (alpha[y * width + x] = v);
  for (let y = 10; y < 30; y++) for (let x = 10; x < 40; x++) set(x, y, 255);
  draw(set);
  return { alpha, width, height };
}

/** The pieces of a mask at 128 and above (4-connected areas). */
function pieces(alpha: Uint8Array, width: number, height: number): number {
  const mask = new Uint8Array(alpha.length);
  for (let p = 0; p < mask.length; p++) mask[p] = alpha[p]! >= 128 ? 1 : 0;
  return components(mask, width, height, 1).areas.filter((area, label) => label > 0 && area > 0).length;
}

describe('specks along the edge', () => {
  it('takes away grains outside the product and fills pinholes inside it, and leaves the edge as it was', () => {
    const { alpha, width, height } = alphaWith((set) => {
      set(42, 20, 200); // a pale grain two pixels from the edge
      set(45, 12, 255);
      set(14, 25, 0); // dark grains inside, a few pixels from the edge
      set(20, 20, 90);
    });
    const out = withoutEdgeSpecks(alpha, width, height);
    expect([out[20 * width + 42], out[12 * width + 45]]).toEqual([0, 0]);
    expect([out[25 * width + 14], out[20 * width + 20]]).toEqual([255, 255]);
    const { alpha: clean } = alphaWith(() => undefined);
    expect(out.equals(clean)).toBe(true);
  });

  it('keeps a part three pixels wide (a strap, a handle) and a soft edge', () => {
    const { alpha, width, height } = alphaWith((set) => {
      for (let x = 40; x < 55; x++) for (let y = 19; y < 22; y++) set(x, y, 255);
      for (let y = 10; y < 30; y++) set(9, y, 128);
    });
    const out = withoutEdgeSpecks(alpha, width, height);
    expect(out.equals(alpha)).toBe(true);
  });

  it('with the installed model, a candle on gravel and a pen on ruled paper come out in one piece', async () => {
    // Before: the gravel's pale grains along the candle's base made 11 pieces, the paper's ruled lines
    // reaching from the pen 16.
    const model = await loadSaliencyModel(saliencyModelFromEnv({})!);
    for (const name of ['candle-brick-wall-sidewalk.jpg', 'pen-lined-paper-topdown.jpg']) {
      const photo = await decodeRgba(fs.readFileSync(path.join(PRODUCTS, name)), PRODUCT_SIDE);
      const found = await findMask(photo, { model });
      expect(found.method, name).toBe('model');
      const { data, width, height } = found.alpha!;
      expect(pieces(data, width, height), name).toBe(1);
    }
  });
});
