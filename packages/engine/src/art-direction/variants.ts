/**
 * The four variants of one request: four different pictures of the same art direction, not four
 * copies with small changes. Each is a shot (hero, scene, close-up, backdrop) with its own camera
 * distance (how much of the canvas the product takes, how close the context is framed), light and
 * text placement; all follow the shop owner's position, style, palette and format.
 */
import type { ContextFraming, Light, Shot } from './types';

export type VariantRecipe = {
  shot: Shot;
  /** The product's bounding box as a share of the canvas's area, when the layout has room for it. */
  share: number;
  /** The layout's room for the product, relative to its default (a smaller product leaves more scene). */
  scale: number;
  /** Moves a product set left or right inside its third: -1 toward the canvas edge, 1 toward the centre. */
  shift: -1 | 0 | 1;
  /**
   * Moves the ground line, as a share of the canvas height: down for a close-up (the camera nearer,
   * less floor in front), up when more of the scene shows.
   */
  ground: number;
  /** The text's size relative to the layout's default: larger when the picture leads with its words. */
  textScale: number;
  context: ContextFraming;
  light: Light;
  /** Text centred (a band) or at the column's top ('start'); left-aligned, or at the column's foot ('end'). */
  textAt: 'start' | 'end';
  /** The product in its context: it stands on the scene itself (no podium, whatever the style). */
  onScene?: boolean;
  /** A set built for the product (the studio set): it stands on a podium before a panel, whatever the style. */
  set?: boolean;
  /** The product's size once fitted, relative to that fit: the set shows it smaller than the hero. */
  presence?: number;
};

export const VARIANT_RECIPES: readonly VariantRecipe[] = [
  {
    shot: 'hero',
    ground: 0,
    textScale: 1,
    share: 0.3,
    scale: 1,
    shift: 0,
    context: { crop: 'centre' },
    light: { from: 'left', exposure: 0, strength: 0.14 },
    textAt: 'start',
  },
  {
    shot: 'scene',
    ground: -0.05,
    textScale: 1.2,
    share: 0.16,
    scale: 0.9,
    shift: -1,
    context: { crop: 'attention' },
    light: { from: 'right', exposure: 0.06, strength: 0.18 },
    textAt: 'end',
    onScene: true,
  },
  {
    shot: 'close-up',
    ground: 0.045,
    textScale: 0.82,
    share: 0.36,
    scale: 1.06,
    shift: 1,
    context: { crop: 'south', zoom: 1.35 },
    light: { from: 'top', exposure: -0.05, strength: 0.24 },
    textAt: 'start',
  },
  {
    shot: 'backdrop',
    ground: -0.025,
    textScale: 1,
    share: 0.3,
    scale: 1,
    shift: 0,
    context: { crop: 'entropy' },
    light: { from: 'left', exposure: 0.04, strength: 0.26 },
    textAt: 'end',
    set: true,
    presence: 0.7,
  },
];
