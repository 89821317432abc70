/**
 * How well a picture fills its frame, measured on its layout: the share of the canvas the product's
 * bounding box takes, and the share left empty, i.e. farther than a small distance from both the
 * product and every text block (scene with nothing to look at).
 */
import type { Box } from './types';

export type Composition = {
  /** The product's bounding box over the canvas's area, 0 to 1. */
  productShare: number;
  /** Canvas farther than EMPTY_DISTANCE (of the shorter side) from the product and the text, 0 to 1. */
  emptyShare: number;
};

/** Beyond this share of the canvas's shorter side from product and text, the canvas counts as empty. */
export const EMPTY_DISTANCE = 0.08;
/** Samples per side of the grid the empty share is measured on. */
const GRID = 60;

const distance = (x: number, y: number, box: Box) =>
  Math.hypot(Math.max(box.x - x, 0, x - box.x - box.width), Math.max(box.y - y, 0, y - box.y - box.height));

export function compositionOf(
  canvas: { width: number; height: number },
  product: Box,
  text: Box[],
): Composition {
  const reach = EMPTY_DISTANCE * Math.min(canvas.width, canvas.height);
  const boxes = [product, ...text];
  let empty = 0;
  for (let j = 0; j < GRID; j++)
    for (let i = 0; i < GRID; i++) {
      const x = ((i + 0.5) / GRID) * canvas.width;
      const y = ((j + 0.5) / GRID) * canvas.height;
      if (boxes.every((box) => distance(x, y, box) > reach)) empty++;
    }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    productShare: round((product.width * product.height) / (canvas.width * canvas.height)),
    emptyShare: round(empty / GRID ** 2),
  };
}
