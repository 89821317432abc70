/**
 * Product outlines as the renderer fits them in their box, for layout tests: a square jar, a tall
 * bottle, a wide box or bag.
 */
export const PRODUCT_SHAPES = [
  { width: 800, height: 800 },
  { width: 300, height: 1000 },
  { width: 1200, height: 500 },
] as const;
