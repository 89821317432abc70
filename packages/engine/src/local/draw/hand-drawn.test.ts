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
});
