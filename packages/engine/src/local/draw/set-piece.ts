/**
 * What the studio set's pieces share (the arch panel standing behind an upright product, backdrop.ts;
 * the sheet and disc a product seen from above lies on, flat-lay.ts): where they go, and the look they take from
 * the palette and the style's line.
 */
import type { Box, Effects, Grading, Light } from '../../art-direction/types';
import type { Placement } from './placement';

export type BackdropSpec = {
  product: Placement;
  stage: Box;
  groundY: number;
  canvas: { width: number; height: number };
  grading: Grading;
  effects: Effects;
  light: Light;
};

/** The colour a fraction `t` of the way from `a` to `b`, on any colour's channels. */
export const mix = (a: readonly number[], b: readonly number[], t: number) =>
  a.map((v, i) => v + (b[i]! - v) * t);

/**
 * A set piece's look: the canvas' shorter side (the unit its strokes and blurs are measured in), the
 * palette's swatch, and the style's line: a neon tube for cyberpunk, an ink edge for drawn styles.
 */
export function setPieceLook({ grading, effects, canvas }: BackdropSpec) {
  const { dark, accent, light: pale } = grading.swatch;
  return {
    unit: Math.min(canvas.width, canvas.height),
    dark,
    accent,
    pale,
    neon: effects.productEdge === 'neon',
    inked: effects.outline > 0 || effects.paper > 0,
  };
}
