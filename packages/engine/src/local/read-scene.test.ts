import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeRgb } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { readScene } from './read-scene';

const annotations = JSON.parse(
  await readFile(new URL('../samples/photos/surfaces.json', import.meta.url), 'utf8'),
) as { photos: Record<string, { surface: [number, number]; light: string | null }> };

const photo = async (name: string) =>
  decodeRgb(await readFile(new URL(`../samples/photos/${name}`, import.meta.url)), 1600);

/** A synthetic scene: rows painted by a function of the row's share of the height (and the column's). */
function painted(
  width: number,
  height: number,
  colour: (v: number, u: number) => [number, number, number],
): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(y / height, x / width), (y * width + x) * 3);
  return { data, width, height, channels: 3 };
}

describe('reading the context photo', () => {
  it.each(Object.entries(annotations.photos))(
    '%s: the line a product stands on lies on the surface annotated by eye',
    async (name, { surface: [back, front] }) => {
      const { surface } = await readScene(await photo(name));
      expect(surface, name).not.toBeNull();
      expect(surface!.stand).toBeGreaterThanOrEqual(back);
      expect(surface!.stand).toBeLessThanOrEqual(front);
      expect(surface!.back).toBeLessThan(surface!.stand);
    },
  );

  it('the light side agrees with the annotation where one was judged', async () => {
    for (const [name, { light }] of Object.entries(annotations.photos)) {
      if (!light) continue;
      expect((await readScene(await photo(name))).light?.from, name).toBe(light);
    }
  });

  it.each([
    ['outdoor-meadow-mountains.jpg', 0.65, 1],
    ['outdoor-river-ledge.jpg', 0.55, 1],
  ] as const)(
    'outdoors (%s), the product stands on the near ground, not on the skyline or the far bank',
    async (name, back, front) => {
      const file = new URL(`../../test-data/open-photos/scenes/${name}`, import.meta.url);
      const { surface } = await readScene(await decodeRgb(await readFile(file), 1600));
      expect(surface!.stand).toBeGreaterThanOrEqual(back);
      expect(surface!.stand).toBeLessThanOrEqual(front);
    },
  );

  it('under a blue sky, the far edge is the lowest line parting two regions, not the skyline', async () => {
    // Sky to 30 %, grey-green mountains to 60 %, a meadow below them that differs less from the
    // mountains than the mountains from the sky: the skyline is the deepest change.
    const scene = painted(640, 480, (v) =>
      v < 0.3 ? [150, 185, 235] : v < 0.6 ? [100, 110, 100] : [100, 110, 68],
    );
    const { surface } = await readScene(scene);
    expect(surface!.back).toBeCloseTo(0.6, 1);
    expect(surface!.stand).toBeGreaterThan(0.6);
  });

  it('finds a table meeting a wall, and stands the product in front of the far edge', async () => {
    // A pale wall down to 45 % of the height, a wooden table below it.
    const scene = painted(640, 480, (v) => (v < 0.45 ? [214, 208, 198] : [120, 78, 44]));
    const { surface } = await readScene(scene);
    expect(surface!.back).toBeCloseTo(0.45, 1);
    expect(surface!.front).toBe(1);
    expect(surface!.stand).toBeGreaterThan(0.55);
  });

  it('says there is no surface on a brick wall: its courses are lines, but the wall is the same on both sides', async () => {
    const bricks = painted(640, 480, (v, u) => {
      const course = Math.floor(v * 12);
      const joint = (v * 12) % 1 < 0.12 || (u * 8 + (course % 2) * 0.5) % 1 < 0.04;
      const shade = (course * 37) % 23;
      return joint ? [190, 185, 175] : [150 + shade, 62 + shade / 2, 48];
    });
    expect((await readScene(bricks)).surface).toBeNull();
  });

  it('says there is no surface on a plain wall or sky', async () => {
    const sky = painted(640, 480, (v) => [120 + v * 60, 160 + v * 50, 230]);
    expect((await readScene(sky)).surface).toBeNull();
  });

  it('reads the light from the brighter side, and no side on an evenly lit photo', async () => {
    const fromLeft = painted(640, 480, (_v, u) => {
      const l = 220 - u * 140;
      return [l, l, l];
    });
    expect((await readScene(fromLeft)).light?.from).toBe('left');
    const even = painted(640, 480, () => [150, 150, 150]);
    expect((await readScene(even)).light).toBeNull();
  });

  it('reads a warm photo as warm and a cool one as cool', async () => {
    const warm = painted(320, 240, (v) => [230 - v * 80, 190 - v * 70, 120 - v * 50]);
    const cool = painted(320, 240, (v) => [130 - v * 50, 170 - v * 60, 230 - v * 80]);
    expect((await readScene(warm)).temperature).toBeGreaterThan(0.3);
    expect((await readScene(cool)).temperature).toBeLessThan(-0.3);
  });
});
