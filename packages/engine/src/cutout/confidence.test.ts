/**
 * The cut-out's confidence: when poor colour separation vetoes it, and when it does not (decision 053);
 * with a learned model, how decided its map is (decision 105).
 */
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

  it('with a learned model, a map of half-answers around the product scores lower than a clear one (decision 105)', () => {
    const { lab, mask, prior, width, height } = whiteOnWhite();
    const clear = confidenceOf(mask, prior, lab, width, height, { learned: true });
    // The same mask, but the model half-sees a wide band around it (0.3–0.7 rather than 0.02 or 0.97).
    const unsure = Float32Array.from(prior, (v, p) => {
      const x = p % width;
      const y = Math.floor(p / width);
      const near = x >= 28 && x < 92 && y >= 8 && y < 87;
      return mask[p] ? (x < 46 || x >= 74 || y < 26 ? 0.7 : v) : near ? 0.3 : v;
    });
    const hesitant = confidenceOf(mask, unsure, lab, width, height, { learned: true });
    expect(clear.parts.decisive).toBe(1);
    expect(hesitant.parts.decisive).toBeLessThan(0.2);
    expect(hesitant.score).toBeLessThan(clear.score - 0.15);
  });

  it('with a learned model, a strong edge along the outline does not raise the score', () => {
    const { lab: plain, mask, prior, width, height } = whiteOnWhite();
    // A grain of ±4 in lightness everywhere (two-pixel checks), so that the faint outline is no stronger
    // than the grain…
    const grain = (p: number) => ((((p % width) >> 1) + (Math.floor(p / width) >> 1)) % 2) * 8 - 4;
    const lab = Float32Array.from(plain, (v, i) => (i % 3 === 0 ? v + grain(Math.floor(i / 3)) : v));
    // …and the product darker by 40: a strong lightness edge all along its outline.
    const edged = Float32Array.from(lab, (v, i) => (i % 3 === 0 && mask[Math.floor(i / 3)] ? v - 40 : v));
    const learnedFaint = confidenceOf(mask, prior, lab, width, height, { learned: true });
    const learnedEdged = confidenceOf(mask, prior, edged, width, height, { learned: true });
    expect(learnedFaint.parts.edge).toBeLessThan(0.1);
    expect(learnedEdged.parts.edge).toBeGreaterThan(0.5);
    // Colour separation rises with the darker product; the edge itself adds nothing.
    const separationGain = 0.3 * (learnedEdged.parts.separation - learnedFaint.parts.separation);
    expect(learnedEdged.score - learnedFaint.score).toBeCloseTo(separationGain, 2);
  });

  it('a pale part the engine lifted to 0.9 counts as half-seen: the model was unsure of it (decision 105)', () => {
    const { lab, mask, prior, width, height } = whiteOnWhite();
    // The product's lower half lifted by faint-parts.ts: 0.9 as a 32-bit float holds it.
    const lifted = Float32Array.from(prior, (v, p) => (mask[p] && Math.floor(p / width) >= 48 ? 0.9 : v));
    const clear = confidenceOf(mask, prior, lab, width, height, { learned: true });
    const half = confidenceOf(mask, lifted, lab, width, height, { learned: true });
    expect(lifted[48 * width + 50]).not.toBe(0.9);
    expect(clear.parts.decisive).toBe(1);
    expect(half.parts.decisive).toBeLessThan(0.5);
  });
});
