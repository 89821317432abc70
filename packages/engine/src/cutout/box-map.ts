/**
 * A box that segments: inside the box the user drew, the model looks again at the box itself (a
 * crop with a margin, at the model's full input size), and its answer is averaged with what it saw
 * on the whole photo. The second look sees a small product in detail and without the scene around it;
 * the first keeps what the crop's tight frame can mislead (a product filling the crop). Outside the
 * box the map is zero: nothing there is the product.
 */
import type { CutoutBox } from '@vitrine/shared/api/cutout';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import type { SaliencyModel } from './model';
import { resample } from './refine';
import { boxInPixels } from './seeds';

/** The crop's margin around the box, as a share of the box's side. */
const CROP_MARGIN = 0.15;

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
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  // The crop, in analysis pixels, then in the full photo's.
  const cx0 = Math.max(0, Math.floor(x0 - CROP_MARGIN * bw));
  const cy0 = Math.max(0, Math.floor(y0 - CROP_MARGIN * bh));
  const cx1 = Math.min(width, Math.ceil(x1 + 1 + CROP_MARGIN * bw));
  const cy1 = Math.min(height, Math.ceil(y1 + 1 + CROP_MARGIN * bh));
  const sx = rgba.width / width;
  const sy = rgba.height / height;
  const left = Math.floor(cx0 * sx);
  const top = Math.floor(cy0 * sy);
  const cropWidth = Math.max(1, Math.min(rgba.width - left, Math.round((cx1 - cx0) * sx)));
  const cropHeight = Math.max(1, Math.min(rgba.height - top, Math.round((cy1 - cy0) * sy)));
  const side = Math.max(width, height);
  const scale = Math.min(1, side / Math.max(cropWidth, cropHeight));
  const crop = await toRaw(
    fromRaw(rgba)
      .removeAlpha()
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .resize(Math.max(1, Math.round(cropWidth * scale)), Math.max(1, Math.round(cropHeight * scale)), {
        fit: 'fill',
      }),
  );
  const closer = resample(await model.predict(crop), crop.width, crop.height, cx1 - cx0, cy1 - cy0);
  const map = new Float32Array(width * height);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p = y * width + x;
      map[p] = (whole[p]! + closer[(y - cy0) * (cx1 - cx0) + (x - cx0)]!) / 2;
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
