/**
 * Where the product is in the canvas, as passes that must never touch it (scrims, calming behind text)
 * ask: its opacity at a pixel, and the box outside which it is 0, so a pass only asks inside that box.
 */
import type { Box } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';

export type Coverage = {
  /** The product's bounding box on the canvas; null when there is no product. */
  box: Box | null;
  /** Opacity of the product at a canvas pixel, 0 to 1 (0 outside `box`). */
  at(x: number, y: number): number;
};

export const NO_PRODUCT: Coverage = { box: null, at: () => 0 };

/** An opaque rectangle, e.g. a framed print. */
export function rectangleCoverage(box: Box): Coverage {
  const { x, y, width, height } = box;
  return { box, at: (px, py) => (px >= x && px < x + width && py >= y && py < y + height ? 1 : 0) };
}

/** A cut-out's alpha, drawn with its top-left corner at `at`. */
export function alphaCoverage(product: RawImage, at: { x: number; y: number }): Coverage {
  const { data, width, height, channels } = product;
  return {
    box: { x: at.x, y: at.y, width, height },
    at(x, y) {
      const px = x - at.x;
      const py = y - at.y;
      if (px < 0 || py < 0 || px >= width || py >= height) return 0;
      return data[(py * width + px) * channels + channels - 1]! / 255;
    },
  };
}

/**
 * The product's opacity along row `y` from x0 to x1 into `out` (out[0] is x0), 0 outside its box; the
 * per-pixel question is asked only where the row crosses the box.
 */
export function coverageRow(coverage: Coverage, y: number, x0: number, x1: number, out: Float32Array): void {
  out.fill(0, 0, x1 - x0);
  const box = coverage.box;
  if (!box || y < box.y || y >= box.y + box.height) return;
  const from = Math.max(x0, Math.floor(box.x));
  const to = Math.min(x1, Math.ceil(box.x + box.width));
  for (let x = from; x < to; x++) out[x - x0] = coverage.at(x, y);
}
