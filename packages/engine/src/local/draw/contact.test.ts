/** The product meets the surface: its solid base on the ground line, and a contact shadow that follows its silhouette. */
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../image/sharp';
import { seated } from './placement';
import { contactShadow, occludeBase } from './shadow';

/** An RGBA product, `width` x `height`, opaque where `solid(x, y)` says, with `alpha` elsewhere given. */
function product(width: number, height: number, alphaAt: (x: number, y: number) => number): RawImage {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([200, 60, 40, alphaAt(x, y)], (y * width + x) * 4);
  return { data, width, height, channels: 4 };
}

const grey = (width: number, height: number): RawImage => ({
  data: Buffer.alloc(width * height * 3, 160),
  width,
  height,
  channels: 3,
});
const at = (scene: RawImage, x: number, y: number) => scene.data[(y * scene.width + x) * 3]!;

describe('the product stands on the ground line', () => {
  it('its solid base meets the line, not the soft fringe of its cut-out below it', () => {
    // Solid down to row 93, a fringe at alpha 90 on rows 94 to 99.
    const jar = product(60, 100, (_x, y) => (y <= 93 ? 255 : 90));
    const placement = { x: 10, y: 400, width: 60, height: 100, scale: 1 };
    // The fringe's six rows go below the line, so that the solid row 93 lands on row 499.
    expect(seated(jar, placement).y).toBe(406);
    // Never below a floor (the safe area's foot).
    expect(seated(jar, placement, 503).y).toBe(403);
  });

  it('leaves a product whose bottom rows are solid where it is', () => {
    const box = product(60, 100, () => 255);
    const placement = { x: 0, y: 0, width: 60, height: 100, scale: 1 };
    expect(seated(box, placement)).toEqual(placement);
  });
});

describe('the contact shadow follows the silhouette', () => {
  // Two feet: the left one down to row 99, the right one down to row 94 (a little further back).
  const feet = product(100, 100, (x, y) =>
    (x >= 10 && x < 35 && y <= 99) || (x >= 65 && x < 90 && y <= 94) || y < 80 ? 255 : 0,
  );

  it('darkens the surface just under each foot, the higher one too, and not far between them', () => {
    const scene = grey(200, 200);
    contactShadow(scene, feet, { x: 50, y: 50 }, 0.7, [20, 20, 20]);
    // Under the left foot (row 149 is its last), and under the right one (its last is row 144).
    expect(at(scene, 72, 151)).toBeLessThan(140);
    expect(at(scene, 127, 146)).toBeLessThan(145);
    // The higher foot's shadow is lighter: it stands further back.
    expect(at(scene, 127, 146)).toBeGreaterThan(at(scene, 72, 151));
    // Far below the feet, and beside the product, the surface is untouched.
    expect(at(scene, 100, 175)).toBe(160);
    expect(at(scene, 20, 150)).toBe(160);
  });

  it("leaves a near-black line of occlusion right under the base even at a calm style's low strength, lighter a few pixels down", () => {
    const scene = grey(200, 200);
    // The calm styles' shade, scaled as the shadow step scales it: still a product resting on the surface.
    contactShadow(scene, feet, { x: 50, y: 50 }, 0.35, [20, 20, 20]);
    const touching = at(scene, 72, 150);
    expect(touching).toBeLessThan(160 * 0.45);
    // Lighter a few pixels below: the occlusion is a line at the contact, not a band.
    expect(at(scene, 72, 154)).toBeGreaterThan(touching + 20);
  });

  it('casts nothing at strength 0', () => {
    const scene = grey(200, 200);
    contactShadow(scene, feet, { x: 50, y: 50 }, 0, [20, 20, 20]);
    expect(scene.data.every((v) => v === 160)).toBe(true);
  });
});

describe("the product's own base is shaded where it meets the surface", () => {
  /** A pale jar, 60 x 100, solid down to row 97; the scene already holds its pixels at (20, 50). */
  const jar = product(60, 100, (_x, y) => (y <= 97 ? 255 : 0));
  const drawn = (): RawImage => {
    const scene = grey(100, 200);
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 60; x++)
        if (y <= 97) scene.data.set([230, 230, 230], ((50 + y) * 100 + 20 + x) * 3);
    return scene;
  };

  it('darkens its last rows, most at the base, and nothing a few rows up or beside it', () => {
    const scene = drawn();
    occludeBase(scene, jar, { x: 20, y: 50 }, 0.8, [20, 20, 20]);
    const base = at(scene, 50, 147);
    expect(base).toBeLessThan(180);
    expect(at(scene, 50, 145)).toBeGreaterThan(base);
    expect(at(scene, 50, 130)).toBe(230);
    // The scene beside and under the product is not its to shade (the contact shadow is).
    expect(at(scene, 10, 147)).toBe(160);
    expect(at(scene, 50, 149)).toBe(160);
  });

  it('does nothing at strength 0', () => {
    const scene = drawn();
    occludeBase(scene, jar, { x: 20, y: 50 }, 0, [20, 20, 20]);
    expect(at(scene, 50, 147)).toBe(230);
  });
});
