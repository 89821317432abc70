import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PALETTE_GRADING } from '../../art-direction/grading';
import { styleEffects } from '../../art-direction/effects';
import { decodeRgb } from '../../image/decode';
import { drawOnPaper } from './hand-drawn';

const SCENES = path.resolve(import.meta.dirname, '../../../test-data/open-photos/scenes');

/** The share of the picture drawn in graphite: much darker than the paper it is on. */
function pencilled(
  { data, width, height, channels }: { data: Buffer; width: number; height: number; channels: number },
  paper: readonly number[],
): number {
  const paperLuma = 0.2126 * paper[0]! + 0.7152 * paper[1]! + 0.0722 * paper[2]!;
  let dark = 0;
  for (let i = 0; i < width * height * channels; i += channels)
    dark += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]! < 0.45 * paperLuma ? 1 : 0;
  return dark / (width * height);
}

describe('the hand-drawn style', () => {
  it('draws contours, not texture: asphalt, rock and grass are not a scribble of pencil', async () => {
    const effects = styleEffects('hand-drawn', PALETTE_GRADING.pastel);
    for (const file of [
      'outdoor-brick-wall-pavement.jpg',
      'outdoor-alpine-meadow.jpg',
      'outdoor-forest-stream-rocks.jpg',
    ]) {
      const scene = await decodeRgb(await readFile(path.join(SCENES, file)), 1080);
      const drawn = await drawOnPaper(scene, effects, 7);
      // Every edge drawn, these were 43 %, 28 % and 66 % graphite.
      expect(pencilled(drawn, effects.washColour), file).toBeLessThan(0.2);
    }
  });

  it('stops the pencil short of the sheet: an edge of the photo along its border is no line on the bare paper', async () => {
    // A pale scene with a darker band along its top and left sides, as a crop that cuts through a wall's
    // edge: its contour runs a few pixels inside the sheet's edge.
    const width = 540;
    const height = 960;
    const data = Buffer.alloc(width * height * 3, 230);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (y < 5 || x < 5) data.fill(140, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const effects = styleEffects('hand-drawn', PALETTE_GRADING.pastel);
    const drawn = await drawOnPaper({ data, width, height, channels: 3 }, effects, 7);
    const strip = 8;
    const top = drawnStrip(drawn, { left: 0, top: 0, width, height: strip });
    const left = drawnStrip(drawn, { left: 0, top: 0, width: strip, height });
    // Drawn up to the edge, the contour made 61 % and 56 % of these strips graphite.
    expect(pencilled(top, effects.washColour)).toBe(0);
    expect(pencilled(left, effects.washColour)).toBe(0);
    // Inside the sheet, the scene's contours are still drawn.
    const inner = Buffer.alloc(width * height * 3, 230);
    for (let y = 300; y < 600; y++) inner.fill(140, (y * width + 150) * 3, (y * width + 390) * 3);
    const shape = await drawOnPaper({ data: inner, width, height, channels: 3 }, effects, 7);
    expect(pencilled(shape, effects.washColour)).toBeGreaterThan(0.005);
  });

  it('hatches only the picture’s own shadows: a dark scene is not covered in a mesh of cross-hatching', async () => {
    // A plain scene from dark at the top to mid-grey at the bottom: no contour, so what the pencil
    // draws on it is hatching. Hatching below fixed levels covered much of it in a regular grid, which
    // reviewers read as a printed screen, not a pencil (decision 103).
    const width = 540;
    const height = 960;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      data.fill(Math.round(30 + (140 * y) / height), y * width * 3, (y + 1) * width * 3);
    const scene = { data, width, height, channels: 3 as const };
    const effects = styleEffects('hand-drawn', PALETTE_GRADING.pastel);
    const drawn = await drawOnPaper(scene, effects, 7);
    const plain = await drawOnPaper(scene, { ...effects, hatching: 0 }, 7);
    let hatched = 0;
    for (let i = 0; i < drawn.data.length; i += 3)
      if (plain.data[i + 1]! - drawn.data[i + 1]! > 10) hatched++;
    // 6.5 % of the sheet was hatched below the fixed levels, 0.5 % in the shadows' darkest quarter with
    // cross-hatching, under 0.1 % in single strokes.
    expect(hatched / (width * height)).toBeLessThan(0.003);
    expect(hatched).toBeGreaterThan(0);
  });
});

/** A rectangle of a picture, as a picture. */
function drawnStrip(
  { data, width, channels }: { data: Buffer; width: number; height: number; channels: number },
  box: { left: number; top: number; width: number; height: number },
) {
  const out = Buffer.alloc(box.width * box.height * channels);
  for (let y = 0; y < box.height; y++)
    data.copy(
      out,
      y * box.width * channels,
      ((box.top + y) * width + box.left) * channels,
      ((box.top + y) * width + box.left + box.width) * channels,
    );
  return { data: out, width: box.width, height: box.height, channels };
}
