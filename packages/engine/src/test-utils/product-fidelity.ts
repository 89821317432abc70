/** How faithfully the product's pixels reached an output: SSIM of its region against the cut-out. */
import type { Placement } from '../local/draw/placement';
import type { Cutout } from '../cutout/cutout';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { luminance, ssim } from './measure';

/** Luminance SSIM of the product region, scaled back to the cut-out's size, weighted by its alpha. */
export async function productFidelity(output: RawImage, at: Placement, cutout: Cutout): Promise<number> {
  const cut = cutout.image;
  const region = await toRaw(
    fromRaw(output)
      .extract({ left: at.x, top: at.y, width: at.width, height: at.height })
      .resize(cut.width, cut.height, { fit: 'fill' }),
  );
  const alpha = new Float32Array(cut.width * cut.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = cut.data[p * 4 + 3]! / 255;
  return ssim(luminance(region), luminance(cut), cut.width, cut.height, alpha);
}

/** Mean colour of a rectangle of an RGB(A) image. */
export function meanColour(image: RawImage, x: number, y: number, width: number, height: number) {
  const sum = [0, 0, 0];
  for (let j = y; j < y + height; j++) {
    for (let i = x; i < x + width; i++) {
      const k = (j * image.width + i) * image.channels;
      for (let c = 0; c < 3; c++) sum[c]! += image.data[k + c]!;
    }
  }
  const n = width * height;
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n };
}
