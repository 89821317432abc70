/**
 * The parts of a product the model half-sees (faint-parts.ts): a pale bowl under the dark berries the
 * model is sure of joins the mask; the map's own blur, scenery reaching the photo's border, a region
 * larger than the product, a busy one or a whisper of one do not.
 */
import { describe, expect, it } from 'vitest';
import { fromSvg, toRaw, type RawImage } from '../image/sharp';
import { findMask } from './cutout';
import { withFaintParts } from './faint-parts';
import type { SaliencyModel } from './model';

const W = 120;
const H = 120;

/** Berries: a disc of radius 25 at (60, 45). The bowl: rows 45 to 80, columns 38 to 82. */
const inBerries = (x: number, y: number) => (x - 60) ** 2 + (y - 45) ** 2 <= 25 ** 2;
const inBowl = (x: number, y: number) => y > 45 && y <= 80 && x >= 38 && x <= 82;

/** A model's map: sure of the berries, `bowl` on the bowl, the blur of `halo` a pixel around them. */
function mapOf(bowl: number, options: { halo?: number; extra?: (x: number, y: number) => number } = {}) {
  const map = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (inBerries(x, y)) map[p] = 0.99;
      else if (inBowl(x, y)) map[p] = bowl;
      else if ((x - 60) ** 2 + (y - 45) ** 2 <= 27 ** 2) map[p] = options.halo ?? 0.3;
      map[p] = Math.max(map[p]!, options.extra?.(x, y) ?? 0);
    }
  return map;
}

/** Lightness (Lab, 3 values a pixel): berries speckled, everything else plain unless `busy`. */
function labOf(busy?: (x: number, y: number) => boolean) {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      lab[p * 3] = inBerries(x, y) ? 20 + ((x * 7 + y * 3) % 5) * 4 : 95;
      if (busy?.(x, y)) lab[p * 3] = (x + y) % 2 ? 30 : 90;
    }
  return lab;
}

const mean = (map: Float32Array, pick: (x: number, y: number) => boolean) => {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (pick(x, y)) {
        sum += map[y * W + x]!;
        count++;
      }
  return sum / count;
};

describe('the parts of a product the model half-sees', () => {
  it('a pale bowl under the berries the model is sure of joins the mask; the blur elsewhere does not', () => {
    const map = mapOf(0.3);
    const lifted = withFaintParts(map, labOf(), W, H);
    expect(lifted).not.toBe(map);
    // The bowl is now clear, but for a pixel or two of its corners by the berries' blur.
    let bowl = 0;
    let missed = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (inBowl(x, y) && !inBerries(x, y)) {
          bowl++;
          if (lifted[y * W + x]! < 0.5) missed++;
        }
    expect(bowl).toBeGreaterThan(500);
    expect(missed / bowl).toBeLessThan(0.01);
    // The blur around the berries' top stays as the model gave it.
    expect(lifted[(45 - 26) * W + 60]).toBeCloseTo(0.3, 5);
  });

  it('changes nothing for the blur around a product alone', () => {
    const map = mapOf(0);
    expect(withFaintParts(map, labOf(), W, H)).toBe(map);
  });

  it('changes nothing when the faint region reaches the photo’s border: scenery', () => {
    const map = mapOf(0.3, { extra: (x, y) => (y > 75 && x >= 50 && x <= 70 ? 0.3 : 0) });
    expect(withFaintParts(map, labOf(), W, H)).toBe(map);
  });

  it('changes nothing when the faint region is larger than what the model is sure of', () => {
    const map = mapOf(0.3, { extra: (x, y) => (x > 5 && x < 115 && y > 5 && y < 115 ? 0.2 : 0) });
    expect(withFaintParts(map, labOf(), W, H)).toBe(map);
  });

  it('changes nothing when the faint region is busier than the product: a branch, a print', () => {
    const map = mapOf(0.3);
    expect(
      withFaintParts(
        map,
        labOf((x, y) => inBowl(x, y) && !inBerries(x, y)),
        W,
        H,
      ),
    ).toBe(map);
  });

  it('changes nothing for a whisper: a faint region the model barely answers', () => {
    const map = mapOf(0.1);
    // The fixture: the bowl's mean answer is under the 0.15 the rule asks.
    expect(mean(map, (x, y) => inBowl(x, y) && !inBerries(x, y))).toBeLessThan(0.15);
    expect(withFaintParts(map, labOf(), W, H)).toBe(map);
  });
});

describe('each faint region is judged on its own', () => {
  /** A branch the model half-sees above the berries: rows 2 to 17, columns 40 to 80. */
  const inBranch = (x: number, y: number) => y >= 2 && y <= 17 && x >= 40 && x <= 80;

  it('a busy branch above the berries stays out while the plain bowl below them comes in', () => {
    const map = mapOf(0.3, { extra: (x, y) => (inBranch(x, y) ? 0.3 : 0) });
    const lifted = withFaintParts(map, labOf(inBranch), W, H);
    expect(lifted[70 * W + 60]).toBeGreaterThanOrEqual(0.5);
    let branchLifted = 0;
    for (let y = 2; y <= 12; y++)
      for (let x = 40; x <= 80; x++) branchLifted += lifted[y * W + x]! >= 0.5 ? 1 : 0;
    expect(branchLifted).toBe(0);
  });

  it('a faint region reaching the photo’s border keeps every faint region out: the place, not the product', () => {
    // Scenery from the berries up to the top border: the model half-sees the place as well.
    const map = mapOf(0.3, { extra: (x, y) => (y <= 20 && x >= 55 && x <= 65 ? 0.3 : 0) });
    expect(withFaintParts(map, labOf(), W, H)).toBe(map);
  });
});

describe('a white bowl of dark berries on a white sheet, through the cut-out', () => {
  /** The bowl the sheet's own white, drawn only by its grey grid lines, the berries dark. */
  const photo = async (): Promise<RawImage> => {
    const lines = [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<line x1="${220 + i * 50}" y1="280" x2="${230 + i * 45}" y2="340" stroke="#9a9a98" stroke-width="3"/>`,
      )
      .join('');
    const berries = Array.from({ length: 40 }, (_, i) => {
      const x = 240 + ((i * 37) % 160);
      const y = 205 + ((i * 23) % 70);
      return `<circle cx="${x}" cy="${y}" r="14" fill="#2b2f45"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#6b7090"/>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="480" fill="#f4f4f2"/>
      <path d="M200 250 L440 250 L425 340 L215 340 Z" fill="#f2f2f0"/>${lines}
      <ellipse cx="320" cy="240" rx="120" ry="45" fill="#2b2f45"/>${berries}
    </svg>`;
    return toRaw(fromSvg(svg).ensureAlpha());
  };
  /**
   * A model sure of the dark berries, giving the bowl (its glaze #f2f2f0, a shade darker than the
   * sheet's #f4f4f2, and its grey grid lines) `bowl` and the sheet nothing. Told by colour, so that it
   * answers alike when it looks again at a crop of the photo (second-look.ts).
   */
  const model = (bowl: number): SaliencyModel => ({
    predict: async ({ data, width, height, channels }) => {
      const map = new Float32Array(width * height);
      for (let p = 0; p < map.length; p++) {
        const red = data[p * channels]!;
        map[p] = red < 120 ? 0.99 : red <= 242 ? bowl : 0.01;
      }
      return map;
    },
  });
  const at = (mask: RawImage, x: number, y: number) => mask.data[y * mask.width + x]!;

  it('keeps the bowl the model half-sees, which the sheet’s white would otherwise swallow', async () => {
    const image = await photo();
    const without = await findMask(image, { model: model(0.01) });
    const withFaint = await findMask(image, { model: model(0.35) });
    // The bowl's body below the berries, between two grid lines.
    expect(at(without.alpha!, 300, 320)).toBeLessThan(128);
    expect(at(withFaint.alpha!, 300, 320)).toBeGreaterThanOrEqual(128);
    // And the sheet beside it and below it stays out.
    expect(at(withFaint.alpha!, 100, 320)).toBeLessThan(128);
    expect(at(withFaint.alpha!, 320, 400)).toBeLessThan(128);
  });
});
