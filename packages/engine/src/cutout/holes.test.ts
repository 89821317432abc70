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

  it('leaves a bay alone: background that reaches the outside of the mask is not enclosed', async () => {
    const { mask } = await ring(GRASS);
    // A notch cut from the hole to the ring's outside, at the hole's row: the hole becomes a bay.
    for (let x = 60; x < W; x++) mask[60 * W + x] = 0;
    const data = Buffer.alloc(W * H * 3);
    for (let p = 0; p < W * H; p++) data.set(mask[p] ? RED : GRASS, p * 3);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (Math.hypot(x - 60, y - 60) < 12) data.set(GRASS, (y * W + x) * 3);
    const notched = await labImage({ data, width: W, height: H, channels: 3 });
    expect(openHoles(mask, notched, mapOf(0.6), W, H)).toBe(0);
  });

  it('leaves alone a background-coloured piece at the photo edge, where the product may be cut off', async () => {
    // The ring's hole moved to the bottom edge of the photo: open below, nothing closes it there.
    const data = Buffer.alloc(W * H * 3);
    const mask = new Uint8Array(W * H);
    const map = new Float32Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const r = Math.hypot(x - 60, y - (H - 1));
        const p = y * W + x;
        data.set(r <= 40 ? (r < 12 ? GRASS : RED) : GRASS, p * 3);
        mask[p] = r <= 40 ? 1 : 0;
        map[p] = r <= 40 ? (r < 12 ? 0.6 : 0.98) : 0.02;
      }
    const lab = await labImage({ data, width: W, height: H, channels: 3 });
    expect(openHoles(mask, lab, map, W, H)).toBe(0);
    expect(mask[(H - 1) * W + 60]).toBe(1);
  });
});
