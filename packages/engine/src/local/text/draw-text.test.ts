import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../image/sharp';
import { drawText } from './draw-text';

const grey = (width: number, height: number): RawImage => ({
  data: Buffer.alloc(width * height * 3, 160),
  width,
  height,
  channels: 3,
});
const at = (scene: RawImage, x: number, y: number) => scene.data[(y * scene.width + x) * scene.channels]!;
/** A text whose glyphs draw nothing: only the scrim behind it shows. */
const scrimOnly = (rect: { x: number; y: number; width: number; height: number }) => ({
  mask: {
    data: Buffer.alloc(rect.width * rect.height),
    width: rect.width,
    height: rect.height,
    channels: 1 as const,
  },
  rect,
  colour: [255, 255, 255] as [number, number, number],
  effect: { kind: 'scrim' as const, darken: true, strength: 0.5 },
});

describe('the scrim behind a headline', () => {
  it('runs on to the frame when the text comes near its sides: no panel edge a little inside the frame', async () => {
    const scene = grey(1080, 1080);
    await drawText(scene, scrimOnly({ x: 70, y: 100, width: 940, height: 110 }));
    const middle = at(scene, 540, 155);
    expect(middle).toBe(80);
    for (const x of [0, 10, 30, 1050, 1079]) expect(at(scene, x, 155), `x = ${x}`).toBe(middle);
  });

  it('falls smoothly around a text in the middle of the frame, with no step in it', async () => {
    const scene = grey(1080, 1080);
    await drawText(scene, scrimOnly({ x: 400, y: 500, width: 280, height: 80 }));
    expect(at(scene, 540, 540)).toBe(80);
    expect(at(scene, 100, 540)).toBe(160);
    expect(at(scene, 540, 900)).toBe(160);
    // A smooth fall starts flat: 3 px inside the feather's outer edge (x = 400 - 14 - 42 = 344), a
    // straight ramp would already darken by 6 levels, a smoothstep by 1.
    expect(at(scene, 347, 540)).toBeGreaterThanOrEqual(158);
    // Round corners: halfway into the feather on both axes, a quarter of the weight (140), not a half (120).
    expect(at(scene, 365, 465)).toBeGreaterThan(130);
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ] as const) {
      let steepest = 0;
      for (let y = 420; y < 660; y++)
        for (let x = 300; x < 780; x++)
          steepest = Math.max(steepest, Math.abs(at(scene, x + dx, y + dy) - at(scene, x, y)));
      // Over a feather of about 40 px, an 80-level fall: a smooth one changes at most a few levels a pixel.
      expect(steepest).toBeLessThanOrEqual(4);
    }
  });
});
