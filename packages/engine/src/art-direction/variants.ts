/** The four variants of one request: same art direction, different layout and light. */
import type { ContextFraming, Light } from './types';

export type VariantRecipe = {
  /** Product size relative to the layout's default. */
  scale: number;
  /** Moves the product inside its third: -1 toward the canvas edge, 1 toward the centre. */
  shift: -1 | 0 | 1;
  context: ContextFraming;
  light: Light;
  /** Text centred (a band) or at the column's top ('start'); left-aligned, or at the column's foot ('end'). */
  textAt: 'start' | 'end';
};

export const VARIANT_RECIPES: readonly VariantRecipe[] = [
  {
    scale: 1,
    shift: 0,
    context: { crop: 'centre', flop: false },
    light: { from: 'left', exposure: 0, strength: 0.14 },
    textAt: 'start',
  },
  {
    scale: 0.84,
    shift: -1,
    context: { crop: 'attention', flop: true },
    light: { from: 'right', exposure: 0.06, strength: 0.18 },
    textAt: 'end',
  },
  {
    scale: 1.12,
    shift: 1,
    context: { crop: 'entropy', flop: false },
    light: { from: 'top', exposure: -0.07, strength: 0.22 },
    textAt: 'start',
  },
  {
    scale: 0.92,
    shift: 0,
    context: { crop: 'south', flop: true },
    light: { from: 'left', exposure: 0.03, strength: 0.26 },
    textAt: 'end',
  },
];
