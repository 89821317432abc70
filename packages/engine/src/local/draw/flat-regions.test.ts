/** The illustration's flat shapes (flat-regions.ts): like neighbours merge, each shape its mean colour. */
import { describe, expect, it } from 'vitest';
import { flatRegions } from './flat-regions';

/** A 120 x 80 picture: red on the left half, blue on the right, each with a little noise. */
function halves() {
  const width = 120;
  const height = 80;
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 7) - 3;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = x < width / 2 ? [200, 40, 40] : [40, 60, 200];
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = colour[c]! + noise();
    }
  return { data, width, height, channels: 3 as const };
}

describe('flat shapes', () => {
  it('merges the grain of one colour into one shape and keeps two colours apart, each its mean', async () => {
    const picture = halves();
    const flat = await flatRegions(picture);
    const colours = new Map<string, number>();
    for (let p = 0; p < picture.width * picture.height; p++) {
      const key = [0, 1, 2].map((c) => flat.data[p * 3 + c]).join(',');
      colours.set(key, (colours.get(key) ?? 0) + 1);
    }
    // Without merging, SLIC's regions leave 25 slightly different means.
    expect(colours.size).toBe(2);
    const [red, blue] = [flat.data.subarray(0, 3), flat.data.subarray((picture.width - 1) * 3)];
    for (const [shape, mean] of [
      [red, [200, 40, 40]],
      [blue, [40, 60, 200]],
    ] as const)
      for (let c = 0; c < 3; c++) expect(Math.abs(shape[c]! - mean[c]!)).toBeLessThanOrEqual(1);
  });

  it('leaves a flat picture one colour, down to a single pixel', async () => {
    for (const [width, height] of [
      [1, 1],
      [2, 2],
      [40, 30],
    ] as const) {
      const data = Buffer.alloc(width * height * 3, 90);
      const flat = await flatRegions({ data, width, height, channels: 3 });
      expect(flat.data.equals(data), `${width} x ${height}`).toBe(true);
    }
  });

  it('a patch under 3 % of the picture joins its most alike neighbour; a larger one stays (decision 107)', async () => {
    // Red on the left, blue on the right; a dark-red square of 1.6 % of the picture in the red,
    // against the border with the blue, and a green one of 5.6 % in the blue. Each is far from its
    // neighbours' colours (ΔE over 14), so the merging by colour alone keeps all four shapes.
    const width = 300;
    const height = 200;
    const data = Buffer.alloc(width * height * 3);
    const small = (x: number, y: number) => x >= 126 && x < 150 && y >= 88 && y < 128;
    const large = (x: number, y: number) => x >= 200 && x < 260 && y >= 30 && y < 86;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const colour = small(x, y)
          ? [130, 20, 30]
          : large(x, y)
            ? [40, 170, 60]
            : x < width / 2
              ? [200, 40, 40]
              : [40, 60, 200];
        for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = colour[c]!;
      }
    const flat = await flatRegions({ data, width, height, channels: 3 });
    const at = (x: number, y: number) => [0, 1, 2].map((c) => flat.data[(y * width + x) * 3 + c]!);
    const near = (a: number[], b: number[]) => a.every((v, c) => Math.abs(v - b[c]!) <= 12);
    // The small square is gone into the red (its more alike neighbour), not the blue it touches too.
    expect(near(at(138, 108), at(40, 100)), `${at(138, 108)} against ${at(40, 100)}`).toBe(true);
    // The green square stays a shape of its own.
    expect(near(at(230, 58), [40, 170, 60]), `${at(230, 58)}`).toBe(true);
    expect(near(at(280, 180), [40, 60, 200])).toBe(true);
  });
});
