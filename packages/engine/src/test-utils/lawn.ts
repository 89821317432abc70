/** Photos of a product on a lawn, for the tests of the grass before a product and the base it hides. */

export type Rgb = [number, number, number];

/** Lawn greens, varied pixel to pixel as grass is. */
export const grass = (x: number, y: number): Rgb => {
  const n = (x * 7 + y * 13) % 5;
  return [50 + n * 8, 120 + n * 10, 40 + n * 5];
};

/**
 * A photo (3 channels) of a product on a lawn, and its mask as a segmentation that keeps the blades
 * gives it: `product` paints a pixel of the product (null where the lawn shows: beside it, or where
 * clover hides it), and a blade (`onBlade`) stands before everything, in the mask.
 */
export function lawnPhoto(
  width: number,
  height: number,
  product: (x: number, y: number) => Rgb | null,
  onBlade: (x: number, y: number) => boolean,
) {
  const data = Buffer.alloc(width * height * 3);
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let colour = product(x, y);
      if (colour) alpha[p] = 255;
      if (onBlade(x, y)) {
        colour = [90, 170, 60];
        alpha[p] = 255;
      }
      data.set(colour ?? grass(x, y), p * 3);
    }
  return { photo: { data, width, height, channels: 3 as const }, alpha };
}
