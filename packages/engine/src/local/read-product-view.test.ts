/**
 * How a product photo was taken, read around its cut-out (read-product-view.ts): a product photographed
 * from above lies on the scene seen from above, an upright one stands on it. On drawn photos whose answer
 * is known, and on the open product photos whose view was judged by eye (test-data/open-photos).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cutout } from '../cutout/cutout';
import { saliencyModelFromEnv } from '../cutout/model-config';
import { PRODUCT_SIDE } from '../cutout/run';
import { cutOutProduct } from '../cutout/thread';
import { decodeRgba } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { baseRequest } from '../test-utils/render-fixtures';
import { readProductView } from './read-product-view';
import { renderFusion } from './requests';

const W = 400;
const H = 300;
/** The product: a box in the middle of the photo. */
const BOX = { x: 150, y: 100, width: 100, height: 120 };

/** A photo whose pixels come from `paint`, with the product a flat dark box, and its cut-out. */
function photoWith(paint: (x: number, y: number) => number[]): { photo: RawImage; cutout: Cutout } {
  const data = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set([...paint(x, y), 255], (y * W + x) * 4);
  const product = Buffer.alloc(BOX.width * BOX.height * 4);
  for (let p = 0; p < BOX.width * BOX.height; p++) product.set([40, 30, 30, 255], p * 4);
  const cutout: Cutout = {
    image: { data: product, width: BOX.width, height: BOX.height, channels: 4 },
    method: 'model',
    coverage: (BOX.width * BOX.height) / (W * H),
    offset: { x: BOX.x, y: BOX.y },
    confidence: 0.9,
  };
  return { photo: { data, width: W, height: H, channels: 4 }, cutout };
}

/** Grain: a fixed pseudo-random texture (a pavement, a rug) of the given contrast around a colour. */
const grain = (base: number[], contrast: number) => (x: number, y: number) => {
  const n = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  const v = (n - Math.floor(n) - 0.5) * contrast;
  return base.map((c) => Math.max(0, Math.min(255, c + v)));
};

describe('reading how the product was photographed', () => {
  it('one textured surface all around the product (a shoe on asphalt seen from above) reads as from above', async () => {
    const { photo, cutout } = photoWith(grain([120, 120, 125], 80));
    expect(await readProductView(photo, cutout)).toMatchObject({ view: 'top', reason: 'one-surface' });
  });

  it('says how long the product is against its width (a box a little taller than wide: compact)', async () => {
    const { photo, cutout } = photoWith(grain([120, 120, 125], 80));
    const { elongation } = await readProductView(photo, cutout);
    // 120 by 100 pixels: the spread of its pixels is 1.2 times longer one way than the other.
    expect(elongation).toBeCloseTo(1.2, 1);
  });

  it('a wall behind the product and a floor under it read as from the front', async () => {
    const wall = grain([170, 70, 55], 80);
    const floor = grain([140, 140, 140], 80);
    const { photo, cutout } = photoWith((x, y) => (y < 180 ? wall(x, y) : floor(x, y)));
    expect(await readProductView(photo, cutout)).toMatchObject({ view: 'front', reason: 'backdrop-behind' });
  });

  it('a studio packshot (a plain backdrop falling off toward the floor) reads as from the front', async () => {
    const { photo, cutout } = photoWith((_, y) => {
      const v = 250 - (y / H) * 60;
      return [v, v, v];
    });
    expect(await readProductView(photo, cutout)).toMatchObject({ view: 'front', reason: 'plain-backdrop' });
  });

  it('one even sheet all around (a flat-lay on white paper, with its grain) reads as from above', async () => {
    const { photo, cutout } = photoWith(grain([244, 243, 240], 6));
    expect(await readProductView(photo, cutout)).toMatchObject({ view: 'top', reason: 'one-sheet' });
  });

  it('a packshot cleaned to pure white, or to a flat colour without any grain, reads as from the front', async () => {
    for (const colour of [
      [255, 255, 255],
      [236, 232, 226],
    ]) {
      const { photo, cutout } = photoWith(() => colour);
      expect(await readProductView(photo, cutout)).toMatchObject({ view: 'front', reason: 'plain-backdrop' });
    }
  });

  it('a photo framed whole (no product found) is shown from the front', async () => {
    const { photo, cutout } = photoWith(grain([120, 120, 125], 80));
    expect(await readProductView(photo, { ...cutout, method: 'framed' })).toEqual({
      view: 'front',
      reason: 'framed',
    });
  });

  it('on the open product photos judged by eye: an upright product is not laid flat, and most seen from above are', async () => {
    const dir = path.resolve(import.meta.dirname, '../../test-data/open-photos');
    const judged = JSON.parse(fs.readFileSync(path.join(dir, 'products.json'), 'utf8')) as Record<
      string,
      { view: 'eye-level' | 'high-angle' | 'top-down' }
    >;
    const model = saliencyModelFromEnv({});
    const read: { name: string; judged: string; view: string }[] = [];
    for (const [name, { view }] of Object.entries(judged)) {
      const photo = await decodeRgba(fs.readFileSync(path.join(dir, name)), PRODUCT_SIDE);
      const { cutout } = await cutOutProduct(photo, { model });
      read.push({ name, judged: view, view: (await readProductView(photo, cutout)).view });
    }
    const upright = read.filter((r) => r.judged === 'eye-level');
    const fromAbove = read.filter((r) => r.judged !== 'eye-level');
    // Laying an upright product flat is the worse mistake: at most one in ten.
    expect(upright.filter((r) => r.view === 'top').length, JSON.stringify(read)).toBeLessThanOrEqual(
      Math.floor(upright.length / 10),
    );
    expect(fromAbove.filter((r) => r.view === 'top').length, JSON.stringify(read)).toBeGreaterThanOrEqual(
      fromAbove.length / 2,
    );
  }, 120_000);
});

describe('a Fusion request lays the product as its photo was taken, unless the user chose', () => {
  const dir = path.resolve(import.meta.dirname, '../../test-data/open-photos');
  const product = fs.readFileSync(path.join(dir, 'products/sneaker-pastel-asphalt.jpg'));
  const context = fs.readFileSync(path.join(dir, 'scenes/outdoor-river-ledge.jpg'));
  const request = (productView?: 'de face') =>
    baseRequest({ variants: 1, slogan: 'Pastel et légère', ...(productView && { productView }) });

  it('a shoe photographed from a high angle on asphalt lies on the scene seen from above, and the metadata says it was read', async () => {
    const [image] = await renderFusion({
      request: request(),
      product,
      context,
      cutout: { model: saliencyModelFromEnv({}) },
    });
    expect(image!.metadata.view).toMatchObject({
      view: 'top',
      from: 'detected',
      reading: { reason: 'one-surface' },
    });
    expect(image!.metadata.ground.on).toBe('top-down');
  }, 60_000);

  it('on the café terrace (a table too narrow to be seen from above, photographed from a high angle), the shot in context stands it on the table; the hero keeps its sheet (decision 099)', async () => {
    const [hero, inContext] = await renderFusion({
      request: baseRequest({ variants: 2, slogan: 'Pastel et légère' }),
      product,
      scene: 'cafe-terrace-table',
      cutout: { model: saliencyModelFromEnv({}) },
    });
    expect(hero!.metadata.ground).toMatchObject({ on: 'top-down', reason: 'out-of-frame' });
    expect(inContext!.metadata.view).toMatchObject({
      view: 'front',
      from: 'scene',
      reading: { view: 'top', reason: 'one-surface' },
    });
    // On the table's top as the catalogue annotates it (0.37 to 0.53 of the photo), with no sheet.
    const { ground } = inContext!.metadata;
    expect(ground).toMatchObject({ on: 'surface' });
    expect(ground.sheet).toBeUndefined();
    expect(ground.photoY!).toBeGreaterThan(0.37);
    expect(ground.photoY!).toBeLessThan(0.53);
  }, 60_000);

  it('"de face" chosen in the form stands it up, whatever the photo says', async () => {
    const [image] = await renderFusion({
      request: request('de face'),
      product,
      context,
      cutout: { model: saliencyModelFromEnv({}) },
    });
    expect(image!.metadata.view).toEqual({ view: 'front', from: 'chosen' });
    expect(image!.metadata.ground.on).not.toBe('top-down');
  }, 60_000);
});
