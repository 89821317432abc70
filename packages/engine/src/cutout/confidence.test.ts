/** The cut-out's confidence: when poor colour separation vetoes it, and when it does not (decision 053). */
import { describe, expect, it } from 'vitest';
import { confidenceOf, FRAME_BELOW } from './confidence';

/** A white product on a white wall, 120 x 90: almost the same Lab inside and out, a faint outline. */
function whiteOnWhite() {
  const width = 120;
  const height = 90;
  const lab = new Float32Array(width * height * 3);
  const mask = new Uint8Array(width * height);
  const prior = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const inside = x >= 40 && x < 80 && y >= 20 && y < 75;
      lab[p * 3] = inside ? 93 : 95;
      lab[p * 3 + 1] = 0;
      lab[p * 3 + 2] = inside ? 2 : 1;
      mask[p] = inside ? 1 : 0;
      prior[p] = inside ? 0.97 : 0.02;
    }
  return { lab, mask, prior, width, height };
}

describe('cut-out confidence', () => {
  it('a learned model’s clear cut-out of a white product on a white wall is not framed for its colours', () => {
    const { lab, mask, prior, width, height } = whiteOnWhite();
    const learned = confidenceOf(mask, prior, lab, width, height, { learned: true });
    expect(learned.parts.separation).toBeLessThan(0.3);
    expect(learned.score).toBeGreaterThanOrEqual(FRAME_BELOW);
  });

  it('without a learned model, the same colours veto: saliency alone found nothing it can tell apart', () => {
    const { lab, mask, prior, width, height } = whiteOnWhite();
    expect(confidenceOf(mask, prior, lab, width, height).score).toBeLessThan(FRAME_BELOW);
  });
});
