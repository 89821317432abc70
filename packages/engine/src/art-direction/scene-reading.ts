/**
 * What the context photo says about where and how a product can stand in it, read once per request
 * (local/read-scene.ts) and given to the plan as numbers: the supporting surface (a table's, a
 * counter's, a shelf's, the floor's line), the light's side and the scene's colour temperature.
 */

/** A product's base sits this far from a surface's far edge toward its near one: in front, as photographed. */
export const STAND_DEPTH = 0.6;

export type SceneReading = {
  /** The photo's size as read, to map its lines onto a framed canvas. */
  width: number;
  height: number;
  /**
   * The supporting surface: `back` is its far edge (where a table meets the wall), `front` its near
   * edge or the photo's foot, `stand` the line a product's base sits on between them; shares of the
   * photo's height. Null when the photo shows no surface to stand on (a wall, a sky, a flat-lay).
   * `span`, when the surface does not run across the whole photo (a café table, a kitchen island): its
   * left and right ends as shares of the photo's width, where a product can stand.
   */
  surface: {
    back: number;
    front: number;
    stand: number;
    strength: number;
    span?: readonly [number, number];
    /** How wide the surface is across its span, in centimetres, when a catalogue scene's annotation says. */
    spanCm?: number;
  } | null;
  /**
   * Where the light comes from, read from how brightness falls across the photo; null when even.
   * `hardness` (0 an overcast sky or a softbox, 1 a clear sun) when the scene's annotation says it: the
   * brightness of a photo tells its light's side, not how sharp its shadows are.
   */
  light: { from: 'left' | 'right' | 'top'; strength: number; hardness?: number } | null;
  /** Warm (positive) or cool (negative), about -1 to 1: the balance of red and blue in its light parts. */
  temperature: number;
  /**
   * Set when the numbers come from a catalogue scene's annotation (scene-catalogue.ts) rather than from
   * reading its pixels: the scene's id and the view it was photographed from.
   */
  annotated?: { scene: string; view: 'eye-level' | 'high-angle' | 'top-down' };
};

/**
 * How the product photo was taken (local/read-product-view.ts): `top` when the surface it lies on runs
 * on behind it (seen from a high angle or straight down), `front` otherwise, with the reason and, when
 * the background was compared, the measures (CIELAB difference, texture and texture ratio of the bands).
 */
export type ProductViewReading = {
  view: 'front' | 'top';
  reason: 'framed' | 'no-background' | 'plain-backdrop' | 'one-sheet' | 'one-surface' | 'backdrop-behind';
  difference?: number;
  texture?: number;
  ratio?: number;
  /**
   * How long the product's silhouette is against its width (1 for a round one; cutout/upright.ts's
   * measure). Seen from above, a long product (a pen, a knife) is laid at a slant in the close-up; a
   * compact one (a jar, a toy, a shoe), most often photographed standing at a high angle, is not,
   * since turned that far it looks as if it were tipping over.
   */
  elongation?: number;
};
