/** The cyberpunk style's neon glow around a photographed product, drawn on a dark scene. */
import { describe, expect, it } from 'vitest';
import type { Grading } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { drawEdge, productEdgeArt } from './product-edge';

const SCENE = 400;
const PRODUCT = { x: 150, y: 140, width: 100, height: 160, scale: 1 };
const MAGENTA = [255, 0, 200] as const;

/** An opaque product box, with an alpha channel. */
function product(): RawImage {
  const data = Buffer.alloc(PRODUCT.width * PRODUCT.height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([120, 120, 120, 255], i);
  return { data, width: PRODUCT.width, height: PRODUCT.height, channels: 4 };
}

async function glowOnDark(): Promise<RawImage> {
  const scene: RawImage = {
    data: Buffer.alloc(SCENE * SCENE * 3, 20),
    width: SCENE,
    height: SCENE,
    channels: 3,
  };
  const grading = { neon: [MAGENTA, [0, 255, 255]] } as unknown as Grading;
  drawEdge(scene, await productEdgeArt(product(), PRODUCT, grading));
  return scene;
}

/** How much the glow raised the scene's red at (x, y). */
const glowAt = (scene: RawImage, x: number, y: number) => scene.data[(y * SCENE + x) * 3]! - 20;

describe('the neon glow (cyberpunk) is light from behind the product, not a halo round its outline', () => {
  it('shines above and beside the upper part, and leaves the base and the ground under it dark', async () => {
    const scene = await glowOnDark();
    const { x, y, width, height } = PRODUCT;
    const bottom = y + height;
    // Above the top and beside the top third: lit.
    expect(glowAt(scene, x + width / 2, y - 4)).toBeGreaterThan(60);
    expect(glowAt(scene, x - 4, y + height / 4)).toBeGreaterThan(40);
    // Beside the base and under it: as dark as the scene (a glow there lifts the product off the ground).
    expect(glowAt(scene, x - 4, bottom - 4)).toBeLessThan(8);
    expect(glowAt(scene, x + width / 2, bottom + 4)).toBe(0);
    expect(glowAt(scene, x + width / 2, bottom + 30)).toBe(0);
  });

  it('falls off over a fifth of the product’s width and more, so it does not trace the outline', async () => {
    const scene = await glowOnDark();
    const { x, y, width } = PRODUCT;
    const atEdge = glowAt(scene, x + width / 2, y - 2);
    const further = glowAt(scene, x + width / 2, y - 2 - width / 10);
    expect(further).toBeGreaterThan(atEdge * 0.6);
  });

  it('never draws on the product itself', async () => {
    const scene = await glowOnDark();
    const { x, y, width, height } = PRODUCT;
    for (const [px, py] of [
      [x + 2, y + 2],
      [x + width / 2, y + height / 2],
      [x + width - 3, y + 10],
    ] as const) {
      expect(glowAt(scene, px, py)).toBe(0);
    }
  });
});
