import { describe, expect, it } from 'vitest';
import {
  applyStroke,
  applyStrokes,
  distanceToStroke,
  strokeReach,
  type BrushPhoto,
  type BrushStroke,
} from './brush';

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function photoOf(width: number, height: number, colour: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 3);
  return { data, width, height, channels: 3 } satisfies BrushPhoto;
}

describe('keep and remove strokes (issue 35: local brushes)', () => {
  it('never changes a pixel farther from the stroke than its radius and margin, on noisy photos', () => {
    const next = random(7);
    const width = 160;
    const height = 120;
    for (let trial = 0; trial < 40; trial++) {
      const photo = photoOf(width, height, () => [next() * 255, next() * 255, next() * 255]);
      const before = Uint8Array.from({ length: width * height }, () => (next() < 0.5 ? 0 : 255));
      const alpha = Uint8Array.from(before);
      const stroke: BrushStroke = {
        kind: next() < 0.5 ? 'keep' : 'remove',
        radius: 0.005 + next() * 0.2,
        points: Array.from(
          { length: 1 + Math.floor(next() * 12) },
          () => [next(), next()] as [number, number],
        ),
      };
      applyStroke(alpha, photo, stroke);
      const { reach } = strokeReach(stroke.radius, width, height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const p = y * width + x;
          if (alpha[p] !== before[p])
            expect(distanceToStroke(x, y, stroke, width, height)).toBeLessThanOrEqual(reach);
        }
    }
  });

  it('sets every pixel under the brush, on flat photos where the margin could spread everywhere', () => {
    const width = 200;
    const height = 100;
    const photo = photoOf(width, height, () => [120, 120, 120]);
    const alpha = new Uint8Array(width * height);
    const stroke: BrushStroke = {
      kind: 'keep',
      radius: 0.05,
      points: [
        [0.2, 0.5],
        [0.8, 0.5],
      ],
    };
    applyStroke(alpha, photo, stroke);
    const { core, reach } = strokeReach(stroke.radius, width, height);
    let kept = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const d = distanceToStroke(x, y, stroke, width, height);
        const on = alpha[y * width + x] === 255;
        if (d <= core * 0.9) expect(on).toBe(true);
        if (d > reach) expect(on).toBe(false);
        kept += on ? 1 : 0;
      }
    // The flat photo lets the margin take its whole width.
    expect(kept).toBeGreaterThan(2 * reach * 120 * 0.9);
  });

  it('a keep stroke along a handle takes the handle inside its margin, not the wall beside it', () => {
    const width = 200;
    const height = 200;
    // A dark red vertical bar, 30 px wide, on a light grey wall with a little grain.
    const next = random(3);
    const photo = photoOf(width, height, (x) => {
      const grain = (next() - 0.5) * 8;
      return x >= 85 && x < 115
        ? [150 + grain, 30 + grain, 30 + grain]
        : [210 + grain, 210 + grain, 205 + grain];
    });
    const alpha = new Uint8Array(width * height);
    // Brush of radius 10 px drawn a little off the bar's centre line.
    const stroke: BrushStroke = {
      kind: 'keep',
      radius: 0.05,
      points: [
        [0.47, 0.2],
        [0.47, 0.8],
      ],
    };
    applyStroke(alpha, photo, stroke);
    const at = (x: number, y: number) => alpha[y * width + x];
    // Bar pixels beyond the brush (which ends at x 104) but inside its margin (to x 108): kept.
    for (let x = 104; x < 108; x++) expect(at(x, 100)).toBe(255);
    // Wall pixels left of the bar inside the margin but outside the brush: untouched.
    for (let x = 76; x < 82; x++) expect(at(x, 100)).toBe(0);
  });

  it('a remove stroke takes away a strip of floor beside the product, and stops at the product', () => {
    const width = 200;
    const height = 200;
    // Product: a blue block above y = 120; floor: brown boards below, kept by mistake.
    const photo = photoOf(width, height, (_x, y) => (y < 120 ? [40, 60, 170] : [140, 100, 60]));
    const alpha = new Uint8Array(width * height).fill(255);
    const stroke: BrushStroke = {
      kind: 'remove',
      radius: 0.04,
      points: [
        [0.1, 0.67],
        [0.9, 0.67],
      ],
    };
    applyStroke(alpha, photo, stroke);
    const at = (x: number, y: number) => alpha[y * width + x];
    expect(at(100, 134)).toBe(0); // under the brush
    expect(at(100, 122)).toBe(0); // floor in the margin
    expect(at(100, 119)).toBe(255); // product across the edge, within reach
    expect(at(100, 110)).toBe(255);
  });

  it('applies strokes in order: a remove after a keep wins where they overlap', () => {
    const width = 100;
    const height = 100;
    const photo = photoOf(width, height, () => [90, 90, 90]);
    const alpha = new Uint8Array(width * height);
    applyStrokes(alpha, photo, [
      { kind: 'keep', radius: 0.1, points: [[0.5, 0.5]] },
      { kind: 'remove', radius: 0.03, points: [[0.5, 0.5]] },
    ]);
    expect(alpha[50 * width + 50]).toBe(0);
    expect(alpha[50 * width + 58]).toBe(255);
  });

  it('refuses a mask of another size than the photo', () => {
    const photo = photoOf(10, 10, () => [0, 0, 0]);
    expect(() =>
      applyStroke(new Uint8Array(50), photo, { kind: 'keep', radius: 0.1, points: [[0.5, 0.5]] }),
    ).toThrow();
  });
});
