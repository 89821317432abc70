/**
 * A plain backdrop's separation against the model's map: the model overrules it only when they disagree
 * and the model is clear, or fairly clear where the two are far apart (studio-or-model.ts). On real
 * photos of products before a wall, with the installed model.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRgba } from '../image/decode';
import { fromSvg, toRaw, type RawImage } from '../image/sharp';
import { cutOut, findMask } from './cutout';
import { loadSaliencyModel, type SaliencyModel } from './model';
import { saliencyModelFromEnv } from './model-config';
import { PRODUCT_SIDE } from './run';
import {
  AGREE_ABOVE,
  APART_BELOW,
  CLEAR_AT_MOST,
  FAIRLY_CLEAR_AT_MOST,
  modelAgainstBackdrop,
} from './studio-or-model';

const PRODUCTS = path.resolve(import.meta.dirname, '../../test-data/open-photos/products');
const W = 40;
const H = 30;

/** A backdrop alpha (full size = the map's size here) with the product in columns [x0, x1). */
function alphaIn(x0: number, x1: number) {
  const data = Buffer.alloc(W * H);
  for (let y = 5; y < 25; y++) for (let x = x0; x < x1; x++) data[y * W + x] = 255;
  return { data, width: W, height: H, channels: 1 } as const;
}

/** A model's map: `inside` in columns [x0, x1) of rows 5 to 24, `outside` elsewhere. */
function mapOf(x0: number, x1: number, inside: number, outside = 0) {
  const map = new Float32Array(W * H).fill(outside);
  for (let y = 5; y < 25; y++) for (let x = x0; x < x1; x++) map[y * W + x] = inside;
  return map;
}

describe('a clear model overrules a plain backdrop it disagrees with (a fairly clear one, far apart)', () => {
  it('a clear map twice the size of the backdrop separation overrules it', async () => {
    const verdict = await modelAgainstBackdrop(mapOf(10, 30, 0.98), W, H, alphaIn(10, 20));
    expect(verdict.iou).toBeLessThanOrEqual(AGREE_ABOVE);
    expect(verdict.unsure).toBeLessThanOrEqual(CLEAR_AT_MOST);
    expect(verdict.overrules).toBe(true);
  });

  it('an unsure map (values between 0.15 and 0.85) never overrules', async () => {
    const verdict = await modelAgainstBackdrop(mapOf(10, 30, 0.6), W, H, alphaIn(10, 20));
    expect(verdict.unsure).toBeGreaterThan(CLEAR_AT_MOST);
    expect(verdict.overrules).toBe(false);
  });

  it('when the two agree, the backdrop separation (exact edge) stays', async () => {
    const verdict = await modelAgainstBackdrop(mapOf(10, 30, 0.98), W, H, alphaIn(10, 29));
    expect(verdict.iou).toBeGreaterThan(AGREE_ABOVE);
    expect(verdict.overrules).toBe(false);
  });

  /** The product in columns 10 to 29, its last `halfSeen` columns half seen (0.6): halfSeen / 20 unsure. */
  const partlySeen = (halfSeen: number) => {
    const map = mapOf(10, 30, 0.98);
    for (let y = 5; y < 25; y++) for (let x = 30 - halfSeen; x < 30; x++) map[y * W + x] = 0.6;
    return map;
  };

  it('where the two are far apart (decision 108), a fairly clear map overrules; where they half agree, it does not', async () => {
    const apart = await modelAgainstBackdrop(partlySeen(6), W, H, alphaIn(10, 14));
    expect(apart.iou).toBeLessThan(APART_BELOW);
    expect(apart.unsure).toBeGreaterThan(CLEAR_AT_MOST);
    expect(apart.unsure).toBeLessThanOrEqual(FAIRLY_CLEAR_AT_MOST);
    expect(apart.overrules).toBe(true);
    const halfAgree = await modelAgainstBackdrop(partlySeen(6), W, H, alphaIn(10, 22));
    expect(halfAgree.iou).toBeGreaterThanOrEqual(APART_BELOW);
    expect(halfAgree.overrules).toBe(false);
  });

  it('at the lines: far apart, 40 % unsure overrules and 45 % does not; at an IoU of exactly 0.5, 30 % does not', async () => {
    const atCap = await modelAgainstBackdrop(partlySeen(8), W, H, alphaIn(10, 14));
    expect(atCap.unsure).toBe(FAIRLY_CLEAR_AT_MOST);
    expect(atCap.overrules).toBe(true);
    const pastCap = await modelAgainstBackdrop(partlySeen(9), W, H, alphaIn(10, 14));
    expect(pastCap.unsure).toBeGreaterThan(FAIRLY_CLEAR_AT_MOST);
    expect(pastCap.overrules).toBe(false);
    const atLine = await modelAgainstBackdrop(partlySeen(6), W, H, alphaIn(10, 20));
    expect(atLine.iou).toBe(APART_BELOW);
    expect(atLine.overrules).toBe(false);
  });

  it('a model that finds nothing does not overrule', async () => {
    const verdict = await modelAgainstBackdrop(new Float32Array(W * H), W, H, alphaIn(10, 20));
    expect(verdict.overrules).toBe(false);
  });
});

describe('products before a plain wall, with the installed model', () => {
  const model = loadSaliencyModel(saliencyModelFromEnv({})!);
  const cut = async (file: string) =>
    cutOut(await decodeRgba(fs.readFileSync(path.join(PRODUCTS, file)), PRODUCT_SIDE), {
      model: await model,
    });
  /** Share of the cut-out's own box that is opaque: a mug's body fills most of its box. */
  const filled = (image: { data: Buffer; width: number; height: number }) => {
    let opaque = 0;
    for (let p = 0; p < image.width * image.height; p++) if (image.data[p * 4 + 3]! >= 128) opaque++;
    return opaque / (image.width * image.height);
  };

  it('a pale grey mug before a pale grey wall is cut out whole, by the model', async () => {
    const mug = await cut('mug-ceramic-marble-table.jpg');
    expect(mug.method).toBe('model');
    // The backdrop's separation kept the dark base and a sliver of the handle: under half its box.
    expect(filled(mug.image)).toBeGreaterThan(0.6);
    // A mug is a little wider than tall with its handle; the broken separation was a flat strip.
    expect(mug.image.height / mug.image.width).toBeGreaterThan(0.6);
  });

  it('an apple on a white cloth, where model and backdrop agree, keeps the backdrop separation', async () => {
    expect((await cut('apple-white-cloth.jpg')).method).toBe('studio');
  });

  it('a straw hat whose brim the model only half sees keeps the backdrop separation', async () => {
    expect((await cut('hat-straw-marble-table.jpg')).method).toBe('studio');
  });
});

/** A clear model that sees a red disc and nothing else. */
const redOnly: SaliencyModel = {
  predict: async ({ data, width, height, channels }) => {
    const map = new Float32Array(width * height);
    for (let p = 0; p < map.length; p++)
      map[p] = data[p * channels]! > 150 && data[p * channels + 1]! < 100 ? 0.99 : 0.01;
    return map;
  },
};
const alphaAt = (mask: RawImage, x: number, y: number) => mask.data[y * mask.width + x]!;

describe("a product's own shadow on a plain backdrop", () => {
  /** A red disc on a white sweep, its grey shadow on the floor to its right. */
  async function discWithShadow(): Promise<RawImage> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="#f4f4f2"/>
      <ellipse cx="375" cy="352" rx="70" ry="14" fill="#b9b9b7"/>
      <circle cx="320" cy="260" r="95" fill="#c0302a"/>
    </svg>`;
    return toRaw(fromSvg(svg).ensureAlpha());
  }

  it('is not part of the cut-out where the model says it is not the product', async () => {
    const found = await findMask(await discWithShadow(), { model: redOnly });
    expect(found.method).toBe('studio');
    // The disc is kept, the shadow beside its foot is not.
    expect(alphaAt(found.alpha!, 320, 260)).toBe(255);
    expect(alphaAt(found.alpha!, 420, 352)).toBeLessThan(40);
  });

  it('without a model, the backdrop separation keeps it (nothing says it is not the product)', async () => {
    const found = await findMask(await discWithShadow());
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 420, 352)).toBeGreaterThan(200);
  });
});

describe('a stray piece on a plain backdrop (issue 35: stray pieces)', () => {
  /** A red disc on a white sweep, and apart from it a small blue-grey stain on the sweep. */
  async function discAndStain(): Promise<RawImage> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="#f4f4f2"/>
      <circle cx="280" cy="240" r="95" fill="#c0302a"/>
      <ellipse cx="520" cy="390" rx="34" ry="22" fill="#8e9aa6"/>
    </svg>`;
    return toRaw(fromSvg(svg).ensureAlpha());
  }

  it('a piece apart from the product that the model does not see at all is left out', async () => {
    const found = await findMask(await discAndStain(), { model: redOnly });
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 280, 240)).toBe(255);
    // Nothing of the stain is kept; at most a faint pixel or two of its edge.
    let kept = 0;
    let faint = 0;
    for (let y = 360; y < 420; y++)
      for (let x = 480; x < 560; x++) {
        const a = alphaAt(found.alpha!, x, y);
        if (a >= 128) kept++;
        else if (a > 0) faint++;
      }
    expect(kept).toBe(0);
    expect(faint).toBeLessThan(10);
  });

  it('a second piece the model sees (a pair of earrings) stays', async () => {
    const both: SaliencyModel = {
      predict: async ({ data, width, height, channels }) => {
        const map = new Float32Array(width * height);
        for (let p = 0; p < map.length; p++) map[p] = data[p * channels]! < 230 ? 0.99 : 0.01;
        return map;
      },
    };
    const found = await findMask(await discAndStain(), { model: both });
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 520, 390)).toBe(255);
  });
});

describe('the backdrop seen through the product, on a plain backdrop', () => {
  /** A red ring (a frame, a handle's loop) on a white sweep: the sweep shows through its middle. */
  async function ring(): Promise<RawImage> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="#f4f4f2"/>
      <circle cx="320" cy="240" r="120" fill="none" stroke="#c0302a" stroke-width="40"/>
    </svg>`;
    return toRaw(fromSvg(svg).ensureAlpha());
  }

  it('is opened where the model says it is not the product', async () => {
    // The model sees the ring without being sure of it (so the backdrop's exact edge is kept), and is
    // sure the middle is not the product.
    const unsureRing: SaliencyModel = {
      predict: async (image) => (await redOnly.predict(image)).map((v) => (v > 0.5 ? 0.7 : 0.05)),
    };
    const found = await findMask(await ring(), { model: unsureRing });
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 320, 120)).toBe(255);
    expect(alphaAt(found.alpha!, 320, 240)).toBe(0);
    expect(alphaAt(found.alpha!, 270, 200)).toBe(0);
  });

  it('stays where the model sees the product there (a pale label on a pale product)', async () => {
    const whole: SaliencyModel = {
      predict: async ({ width, height }) => {
        const map = new Float32Array(width * height);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++)
            map[y * width + x] = Math.hypot(x - width / 2, y - height / 2) < height * 0.3 ? 0.99 : 0.01;
        return map;
      },
    };
    const found = await findMask(await ring(), { model: whole });
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 320, 240)).toBe(255);
  });

  it('stays without a model: nothing says it is not the product', async () => {
    expect(alphaAt((await findMask(await ring())).alpha!, 320, 240)).toBe(255);
  });
});

describe("a small product's shadow, where the whole photo's map is soft around it", () => {
  /** A small red disc on a white sweep, its grey shadow right against its foot. */
  async function smallDisc(): Promise<RawImage> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
      <rect width="960" height="720" fill="#f4f4f2"/>
      <ellipse cx="510" cy="460" rx="90" ry="16" fill="#b9b9b7"/>
      <circle cx="480" cy="380" r="80" fill="#c0302a"/>
    </svg>`;
    return toRaw(fromSvg(svg).ensureAlpha());
  }
  /**
   * Like a real model: on the whole photo, where the disc is small, its map is unsure (0.5) over the
   * grey next to it; on a crop around the disc, it is sure the grey is not the product.
   */
  const softFar: SaliencyModel = {
    predict: async ({ data, width, height, channels }) => {
      const map = new Float32Array(width * height);
      let red = 0;
      for (let p = 0; p < map.length; p++)
        if (data[p * channels]! > 150 && data[p * channels + 1]! < 100) red++;
      const far = red / map.length < 0.05;
      for (let p = 0; p < map.length; p++) {
        const [r, g] = [data[p * channels]!, data[p * channels + 1]!];
        map[p] = r > 150 && g < 100 ? 0.99 : r < 225 && far ? 0.5 : 0.02;
      }
      return map;
    },
  };

  it('is not part of the cut-out: the model looks again, closer, and sees it is not the product', async () => {
    const found = await findMask(await smallDisc(), { model: softFar });
    expect(found.method).toBe('studio');
    expect(alphaAt(found.alpha!, 480, 380)).toBe(255);
    expect(alphaAt(found.alpha!, 580, 462)).toBeLessThan(40);
  });
});
