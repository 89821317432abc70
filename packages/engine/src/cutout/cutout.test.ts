import { strokeReach } from '@vitrine/shared/cutout/brush';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import { fromEngineFile, fromRaw, fromSvg, toRaw, type RawImage } from '../image/sharp';
import { decontaminate } from './foreground';
import { loadSaliencyModel, type SaliencyModel } from './model';
import { saliencyModelFromEnv } from './model-config';
import { installedModelPath } from './model-download';
import { syntheticProduct, transparentProduct, type Backdrop, type ProductShape } from '../samples/synthetic';
import { cutOut, findMask, type Cutout } from './cutout';
import { PRODUCT_SIDE } from './run';

/** Where npm install put the cut-out model (packages/engine/models). */
const INSTALLED_MODEL = installedModelPath()!;

const DEV_SET = path.resolve(import.meta.dirname, '../../test-data/cutout-dev');
const SMALL_PHOTOS = path.resolve(import.meta.dirname, '../../test-data/small-photos');
const PHOTOS = path.resolve(import.meta.dirname, '../samples/photos');

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

/** IoU of two masks thresholded at half (any scale: `a` and `b` are 0..255 bytes or 0..1 floats). */
function iou(a: ArrayLike<number>, b: ArrayLike<number>, half: [number, number]): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < a.length; p++) {
    const x = a[p]! >= half[0];
    const y = b[p]! >= half[1];
    if (x && y) both++;
    if (x || y) either++;
  }
  return either ? both / either : 1;
}

/** The box a user would draw: the truth's bounding box with 2 % of the photo around it. */
function boxAround(truth: ArrayLike<number>, width: number, height: number, half: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < truth.length; p++) {
    if (truth[p]! < half) continue;
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const x = Math.max(0, x0 / width - 0.02);
  const y = Math.max(0, y0 / height - 0.02);
  return {
    x,
    y,
    width: Math.min(1 - x, (x1 + 1) / width + 0.02 - x),
    height: Math.min(1 - y, (y1 + 1) / height + 0.02 - y),
  };
}

// Stated bound: mean alpha error under 1 % of full opacity per pixel over the whole photo.
const MEAN_ALPHA_ERROR_BOUND = 0.01;

describe('product cut-out on a plain or studio backdrop', () => {
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
    expect(cut.confidence).toBe(1);
    expect([cut.image.width, cut.image.height]).toEqual([180, 285]);
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

/** A blue mug with a ring handle on a striped wooden table: the hole in the handle shows the table. */
async function mugOnTable(): Promise<RawImage> {
  const planks = Array.from(
    { length: 30 },
    (_, i) =>
      `<rect x="0" y="${i * 20}" width="800" height="${10 + (i % 3) * 3}" fill="${['#a0703f', '#8c5e33', '#b07a48'][i % 3]}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#9a6a3c"/>${planks}
    <rect x="300" y="180" width="200" height="260" rx="18" fill="#2f6f9f"/>
    <path d="M500 230 h40 a60 60 0 0 1 0 150 h-40 v-36 h40 a24 24 0 0 0 0 -78 h-40 z" fill="#2f6f9f"/>
    <rect x="320" y="260" width="160" height="60" fill="#f4efe4"/>
  </svg>`;
  const jpeg = await fromSvg(svg).jpeg({ quality: 92 }).toBuffer();
  return decodeRgba(jpeg, PRODUCT_SIDE);
}

describe('product cut-out on ordinary backgrounds', () => {
  it('cuts a mug out of a wooden table, with the hole of its handle open (background holes kept)', async () => {
    const found = await findMask(await mugOnTable());
    expect(found).toMatchObject({ method: 'segmented', framed: false });
    const alpha = found.alpha!;
    const at = (x: number, y: number) => alpha.data[y * alpha.width + x]!;
    expect(at(545, 305), 'inside the handle').toBe(0);
    expect(at(590, 305), 'the handle').toBe(255);
    expect(at(400, 400), 'the body').toBe(255);
    expect(at(100, 100), 'the table').toBe(0);
  });

  it('frames a photo in which nothing stands out, and says why (nothing found, or too unsure)', async () => {
    const planks = Array.from(
      { length: 30 },
      (_, i) => `<rect x="0" y="${i * 20}" width="800" height="12" fill="${['#a0703f', '#8c5e33'][i % 2]}"/>`,
    ).join('');
    const table = await fromSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#9a6a3c"/>${planks}</svg>`,
    )
      .jpeg()
      .toBuffer();
    const cut = await cutOut(await decodeRgba(table, PRODUCT_SIDE));
    expect(cut.method).toBe('framed');
    expect(['low-confidence', 'no-product-found']).toContain(cut.reason);
    expect(cut.confidence).toBeLessThan(0.35);
  });

  it('with the installed model, a real photo with no product in it is framed as "no product found"', async () => {
    // The wood panelling above the milk bottle of a real desk photo, with nothing standing on it.
    const wood = await fromEngineFile(fs.readFileSync(path.join(PHOTOS, 'milk-bottle-desk.jpg')))
      .extract({ left: 0, top: 0, width: 499, height: 160 })
      .jpeg()
      .toBuffer();
    const model = await loadSaliencyModel(saliencyModelFromEnv({})!);
    const found = await findMask(await decodeRgba(wood, PRODUCT_SIDE), { model });
    expect(found).toMatchObject({ method: 'model', framed: true, reason: 'no-product-found' });
    expect(found.coverage).toBeLessThan(0.01);
  });

  it('a box drawn around a product in front of a busy shelf cuts it out (IoU with the truth over 0.9)', async () => {
    for (const shape of ['jar', 'pouch'] as const) {
      const { photo, truth } = await syntheticProduct(shape, 'busy', 2);
      const box = boxAround(truth, photo.width, photo.height, 0.5);
      const found = await findMask(photo, { corrections: { box, strokes: [] } });
      expect(found.method).toBe('corrected');
      expect(iou(found.alpha!.data, truth, [128, 0.5]), shape).toBeGreaterThan(0.9);
    }
  });

  it('with a model, a box bounds the model’s map instead of filling it with whatever the model doubted', async () => {
    const { photo, truth } = await syntheticProduct('jar', 'busy', 2);
    // A model sure of the jar and unsure (0.3) of everything else, as models are on busy shelves.
    const model = {
      predict: async (small: RawImage) => {
        const map = new Float32Array(small.width * small.height);
        for (let y = 0; y < small.height; y++)
          for (let x = 0; x < small.width; x++) {
            const px = Math.floor(((x + 0.5) * photo.width) / small.width);
            const py = Math.floor(((y + 0.5) * photo.height) / small.height);
            map[y * small.width + x] = truth[py * photo.width + px]! >= 0.5 ? 0.95 : 0.3;
          }
        return map;
      },
    };
    const box = { x: 0.05, y: 0.05, width: 0.9, height: 0.9 };
    const found = await findMask(photo, { model, corrections: { box, strokes: [] } });
    expect(found.method).toBe('corrected');
    expect(iou(found.alpha!.data, truth, [128, 0.5])).toBeGreaterThan(0.9);
  });

  it('with a model that missed the product, a box around it still cuts it out', async () => {
    const { photo, truth } = await syntheticProduct('jar', 'busy', 2);
    // A model sure of a strip of shelf at the top and blind to the jar (0.3 on it).
    const model = {
      predict: async (small: RawImage) => {
        const map = new Float32Array(small.width * small.height).fill(0.3);
        map.fill(0.9, 0, small.width * Math.round(small.height * 0.1));
        return map;
      },
    };
    const box = boxAround(truth, photo.width, photo.height, 0.5);
    const found = await findMask(photo, { model, corrections: { box, strokes: [] } });
    expect(found.method).toBe('corrected');
    expect(iou(found.alpha!.data, truth, [128, 0.5])).toBeGreaterThan(0.9);
  });

  it('with the installed model, a box around a product small in a busy photo makes the model look at the box (issue 35: a box that segments)', async () => {
    const model = await loadSaliencyModel(saliencyModelFromEnv({})!);
    // The espresso cut out, then set small (a tenth of the width) on a forest boardwalk beside a bike.
    const cup = await cutOut(await decodeRgba(fs.readFileSync(path.join(PHOTOS, 'coffee-cup.png')), 600), {
      model,
    });
    const scene = await decodeRgba(fs.readFileSync(path.join(DEV_SET, 'bike.jpg')), PRODUCT_SIDE);
    const small = await toRaw(
      fromRaw(cup.image).resize(Math.round(scene.width / 10), null, { kernel: 'lanczos3' }),
    );
    const left = Math.round(scene.width * 0.06);
    const top = Math.round(scene.height * 0.72);
    const photo = await toRaw(
      fromRaw(scene).composite([{ input: await fromRaw(small).png().toBuffer(), left, top }]),
    );
    const truth = new Uint8Array(photo.width * photo.height);
    for (let y = 0; y < small.height; y++)
      for (let x = 0; x < small.width; x++)
        truth[(top + y) * photo.width + left + x] = small.data[(y * small.width + x) * 4 + 3]!;
    const box = boxAround(truth, photo.width, photo.height, 128);
    const found = await findMask(photo, { model, corrections: { box, strokes: [] } });
    expect(found.method).toBe('corrected');
    expect(iou(found.alpha!.data, truth, [128, 128])).toBeGreaterThan(0.9);
  });

  it('a box drawn around a product whose colours fill the rest of the photo is never emptied', async () => {
    // Two small photos (113 x 150) where GrabCut, learning the background from the whole photo, once
    // explained the whole box as background and the user who drew it was told no product was found.
    // On the bottle, the colours around the box tell it from the chessboard: a cut-out, not the box. On
    // the carton nothing does, and the box itself is taken.
    const photos = [
      { file: 'carton-in-hand-small.jpg', box: { x: 0.17, y: 0.25, width: 0.52, height: 0.72 }, most: 1 },
      {
        file: 'water-bottle-chessboard-small.jpg',
        box: { x: 0.51, y: 0.43, width: 0.36, height: 0.56 },
        most: 0.8,
      },
    ];
    for (const { file, box, most } of photos) {
      const photo = await decodeRgba(fs.readFileSync(path.join(SMALL_PHOTOS, file)), PRODUCT_SIDE);
      const found = await findMask(photo, { corrections: { box, strokes: [] } });
      expect(found.framed, file).toBe(false);
      expect(found.method, file).toBe('corrected');
      const { data, width, height } = found.alpha!;
      let inside = 0;
      let outside = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          if (data[y * width + x]! < 128) continue;
          const within =
            x >= box.x * width - 1 &&
            x <= (box.x + box.width) * width &&
            y >= box.y * height - 1 &&
            y <= (box.y + box.height) * height;
          if (within) inside++;
          else outside++;
        }
      const fill = inside / (box.width * width * box.height * height);
      expect(fill, file).toBeGreaterThan(0.2);
      expect(fill, file).toBeLessThanOrEqual(most);
      expect(outside, file).toBe(0);
    }
  });

  it('keep and remove strokes are obeyed where they are painted', async () => {
    const photo = await mugOnTable();
    const remove = { kind: 'remove' as const, radius: 0.03, points: [[0.5, 0.55] as [number, number]] };
    const keep = { kind: 'keep' as const, radius: 0.03, points: [[0.15, 0.15] as [number, number]] };
    const found = await findMask(photo, { corrections: { strokes: [remove, keep] } });
    const alpha = found.alpha!;
    const at = (fx: number, fy: number) =>
      alpha.data[Math.round(fy * photo.height) * alpha.width + Math.round(fx * photo.width)]!;
    expect(at(0.5, 0.55)).toBe(0);
    expect(at(0.15, 0.15)).toBe(255);
    expect(at(0.45, 0.7), 'the rest of the mug').toBe(255);
  });

  it('a stroke changes the automatic mask only within its radius and margin, and a given base is painted on as it is', async () => {
    const photo = await mugOnTable();
    const auto = await findMask(photo);
    const stroke = {
      kind: 'remove' as const,
      radius: 0.04,
      points: [
        [0.3, 0.6],
        [0.55, 0.62],
      ] as [number, number][],
    };
    const found = await findMask(photo, { corrections: { strokes: [stroke] } });
    expect(found.method).toBe('corrected');
    expect(Buffer.compare(found.base!.data, auto.alpha!.data), 'painted on the automatic mask').toBe(0);
    const { reach } = strokeReach(stroke.radius, photo.width, photo.height);
    const [a, b] = stroke.points.map(([x, y]) => [x * photo.width, y * photo.height] as const);
    let changed = 0;
    for (let y = 0; y < photo.height; y++)
      for (let x = 0; x < photo.width; x++) {
        const p = y * photo.width + x;
        if (found.alpha!.data[p] === auto.alpha!.data[p]) continue;
        changed++;
        const [dx, dy] = [b![0] - a![0], b![1] - a![1]];
        const t = Math.max(
          0,
          Math.min(1, ((x + 0.5 - a![0]) * dx + (y + 0.5 - a![1]) * dy) / (dx * dx + dy * dy)),
        );
        expect(Math.hypot(x + 0.5 - a![0] - t * dx, y + 0.5 - a![1] - t * dy)).toBeLessThanOrEqual(reach);
      }
    expect(changed, 'the stroke removed something').toBeGreaterThan(100);
    // Given the same base, the strokes are painted without segmenting again, to the same mask.
    const again = await findMask(photo, { corrections: { strokes: [stroke] }, base: found.base! });
    expect(Buffer.compare(again.alpha!.data, found.alpha!.data)).toBe(0);
    expect(again.timings).not.toHaveProperty('edge');
  });
});

describe('the same photo, the same cut-out', () => {
  it('is repeatable whatever was cut out before on the same thread (GrabCut seeds its k-means)', async () => {
    const photo = await mugOnTable();
    const first = await findMask(photo);
    await findMask(await decodeRgba(fs.readFileSync(path.join(DEV_SET, 'boat.jpg')), PRODUCT_SIDE));
    const again = await findMask(photo);
    expect(Buffer.compare(first.alpha!.data, again.alpha!.data)).toBe(0);
    expect(again.confidence).toBe(first.confidence);
  });
});

describe('colour decontamination of the soft edge', () => {
  it('a red disc photographed on green keeps no green in its soft edge', () => {
    const width = 200;
    const height = 200;
    const data = Buffer.alloc(width * height * 4);
    const alpha = new Float32Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        // A disc of radius 60 with a 4-pixel soft edge: the photo mixes red and green there.
        const a = Math.min(1, Math.max(0, (62 - Math.hypot(x - 100, y - 100)) / 4));
        alpha[p] = a;
        data[p * 4] = Math.round(210 * a + 30 * (1 - a));
        data[p * 4 + 1] = Math.round(40 * a + 180 * (1 - a));
        data[p * 4 + 2] = 40;
        data[p * 4 + 3] = 255;
      }
    const out = decontaminate({ data, width, height, channels: 4 }, alpha);
    let fringe = 0;
    let worst = 0;
    for (let p = 0; p < alpha.length; p++) {
      if (alpha[p]! <= 0.05 || alpha[p]! >= 0.95) continue;
      fringe++;
      // The photo's fringe is up to 180 green; the product's own colour has 40.
      worst = Math.max(worst, out[p * 4 + 1]!);
      expect(out[p * 4 + 3]).toBe(Math.round(alpha[p]! * 255));
    }
    expect(fringe).toBeGreaterThan(500);
    expect(worst).toBeLessThan(60);
  });
});

/** Development set: ten public photos with reference masks from U²-Net (test-data/cutout-dev/README.md). */
describe('agreement with reference masks on the development set', () => {
  const photos = fs.readdirSync(DEV_SET).filter((f) => /\.(jpe?g|png)$/.test(f) && !f.includes('.mask.'));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  /** IoU of the automatic cut-out and of one box (the reference's bounding box) per photo, and what was framed. */
  async function measure(model: SaliencyModel | null) {
    const auto: number[] = [];
    const boxed: number[] = [];
    let cutOutCount = 0;
    for (const name of photos) {
      const photo = await decodeRgba(fs.readFileSync(path.join(DEV_SET, name)), PRODUCT_SIDE);
      const maskFile = path.join(DEV_SET, name.replace(/\.[^.]+$/, '.mask.png'));
      const reference = await toRaw(
        fromEngineFile(fs.readFileSync(maskFile))
          .extractChannel(0)
          .resize(photo.width, photo.height, { fit: 'fill' }),
      );
      const found = await findMask(photo, { model });
      if (!found.framed) cutOutCount++;
      auto.push(iou(found.alpha?.data ?? new Uint8Array(reference.data.length), reference.data, [128, 128]));
      const box = boxAround(reference.data, photo.width, photo.height, 128);
      const corrected = await findMask(photo, { model, corrections: { box, strokes: [] } });
      boxed.push(iou(corrected.alpha!.data, reference.data, [128, 128]));
    }
    return { auto: mean(auto), boxed: mean(boxed), cutOut: cutOutCount / photos.length };
  }

  it('holds the ten photos', () => {
    expect(photos).toHaveLength(10);
  });

  // The targets for the default cut-out: mean IoU 0.80 automatic, 90 % cut out rather than framed.
  // With one box, these ten (the hardest of the measured sets, bench/cutout) stay under the 0.90 the
  // targets ask over all sets; the bound is a little under what is measured here.
  it('default (the model npm install puts in place): mean IoU over 0.80 automatic and 0.85 with one box, 90 % cut out', async () => {
    const config = saliencyModelFromEnv({});
    expect(config?.path, 'the cut-out model is not installed: npm run cutout-model').toBe(INSTALLED_MODEL);
    const result = await measure(await loadSaliencyModel(config!));
    expect(result.auto).toBeGreaterThan(0.8);
    expect(result.cutOut).toBeGreaterThanOrEqual(0.9);
    expect(result.boxed).toBeGreaterThan(0.85);
  }, 180_000);

  // The engine's own segmentation, used with CUTOUT_MODEL=none, without an installed model, and whenever
  // the model fails. Stated bounds, a little under what it measures on these ten photos.
  it('without a model: mean IoU over 0.62 automatic and 0.64 with one box, 90 % cut out', async () => {
    const result = await measure(null);
    expect(result.auto).toBeGreaterThan(0.62);
    expect(result.cutOut).toBeGreaterThanOrEqual(0.9);
    expect(result.boxed).toBeGreaterThan(0.64);
  }, 180_000);
});
