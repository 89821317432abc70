/**
 * A box that segments: inside the box the user drew, the model looks again at the box itself (a
 * crop with a margin, at the model's full input size), and its answer is averaged with what it saw
 * on the whole photo. The second look sees a small product in detail and without the scene around it;
 * the first keeps what the crop's tight frame can mislead (a product filling the crop). Outside the
 * box the map is zero: nothing there is the product.
 */
import type { CutoutBox } from '@vitrine/shared/api/cutout';
import type { RawImage } from '../image/sharp';
import type { SaliencyModel } from './model';
import { CROP_MARGIN, closerMap, withMargin } from './second-look';
import { boxInPixels } from './seeds';

/**
 * The model's map within `box`, on the analysis copy (`width` x `height`), from the whole photo's map
 * (`whole`, same size) and a second look at the box cropped from the full-size photo (`rgba`).
 */
export async function mapInBox(
  model: SaliencyModel,
  rgba: RawImage,
  whole: Float32Array,
  box: CutoutBox,
  width: number,
  height: number,
): Promise<Float32Array> {
  const { x0, y0, x1, y1 } = boxInPixels(box, width, height);
  const region = withMargin({ x0, y0, x1, y1 }, CROP_MARGIN, width, height);
  const closer = await closerMap(model, rgba, region, width, height);
  const regionWidth = region.cx1 - region.cx0;
  const map = new Float32Array(width * height);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p = y * width + x;
      map[p] = (whole[p]! + closer[(y - region.cy0) * regionWidth + (x - region.cx0)]!) / 2;
    }
  return map;
}

/** A model's map holds a product in the box: at least 2 % of the box's pixels at 0.5 or more. */
export function holdsProduct(map: Float32Array, width: number, height: number, box: CutoutBox): boolean {
  const { x0, y0, x1, y1 } = boxInPixels(box, width, height);
  let product = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (map[y * width + x]! >= 0.5) product++;
  return product >= 0.02 * (x1 - x0 + 1) * (y1 - y0 + 1);
}
