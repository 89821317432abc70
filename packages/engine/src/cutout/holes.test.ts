/** The background seen through a handle or a frame is opened in a model's mask; the product's own inside is not. */
import { describe, expect, it } from 'vitest';
import { labImage } from '../pixels/color';
import { openHoles } from './holes';

const W = 120;
const H = 120;
const GRASS = [70, 140, 60];
const RED = [200, 30, 40];

/**
 * A red ring (a frame, a handle) on grass: the ring from radius 12 to 40 round the middle, and the
 * mask a model gives it, the whole disc of radius 40, hole included. `inside` colours the hole.
 */
async function ring(inside: number[]) {
  const data = Buffer.alloc(W * H * 3);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const r = Math.hypot(x - 60, y - 60);
      const p = y * W + x;
      data.set(r <= 40 ? (r < 12 ? inside : RED) : GRASS, p * 3);
      mask[p] = r <= 40 ? 1 : 0;
    }
  const lab = await labImage({ data, width: W, height: H, channels: 3 });
  return { mask, lab };
}

const holeOpen = (mask: Uint8Array) => mask[60 * W + 60] === 0;
const mapOf = (inHole: number) => {
  const map = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const r = Math.hypot(x - 60, y - 60);
      map[y * W + x] = r <= 40 ? (r < 12 ? inHole : 0.98) : 0.02;
    }
  return map;
};

describe('holes in a model mask', () => {
  it('opens the grass seen through a frame the model filled in, and nothing of the frame', async () => {
    const { mask, lab } = await ring(GRASS);
    const opened = openHoles(mask, lab, mapOf(0.6), W, H);
    expect(holeOpen(mask)).toBe(true);
    // About the hole's area (π·12², 452 pixels), not the ring's.
    expect(opened).toBeGreaterThan(380);
    expect(opened).toBeLessThan(520);
    expect(mask[60 * W + 60 + 30]).toBe(1);
  });

  it('keeps an inside the model is sure of, even in the background colour (a grey mug before a grey wall)', async () => {
    const { mask, lab } = await ring(GRASS);
    expect(openHoles(mask, lab, mapOf(0.95), W, H)).toBe(0);
    expect(holeOpen(mask)).toBe(false);
  });

  it('keeps an inside in the product own colours', async () => {
    const { mask, lab } = await ring([190, 40, 45]);
    expect(openHoles(mask, lab, mapOf(0.6), W, H)).toBe(0);
    expect(holeOpen(mask)).toBe(false);
  });
});
