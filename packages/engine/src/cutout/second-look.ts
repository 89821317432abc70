/**
 * A second, closer look of the model at what it found (decision 109). U²-Netp sees every photo at 320
 * pixels a side: a product that fills a fifth of the frame is seen at some 140 pixels, its edges and
 * the scene pressed against it (a rock behind a robot's head, a cloth under sunglasses) blurred
 * together. Cropped to the product with a margin and seen again at the analysis copy's size (the
 * model's 320 pixels), it is seen in detail and with less of the scene around it; the two looks are
 * averaged, so the first still holds what the crop's tight frame can mislead. The crop is also how a box the user drew is seen
 * (box-map.ts).
 */
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { boxWhere } from './mask-ops';
import type { SaliencyModel } from './model';
import { resample } from './refine';

/** The crop's margin around what it holds (the product found, or the user's box), a share of its side. */
export const CROP_MARGIN = 0.15;
/**
 * A crop larger than this share of the photo is hardly closer (the product already fills the frame):
 * the first look stays and no time is spent.
 */
export const CLOSER_BELOW = 0.6;

/** A rectangle of the analysis copy, its last row and column excluded. */
export type Region = { cx0: number; cy0: number; cx1: number; cy1: number };

/** The rectangle `box` (inclusive pixels of the analysis copy) with `margin` of its sides around it. */
export function withMargin(
  box: { x0: number; y0: number; x1: number; y1: number },
  margin: number,
  width: number,
  height: number,
): Region {
  const bw = box.x1 - box.x0 + 1;
  const bh = box.y1 - box.y0 + 1;
  return {
    cx0: Math.max(0, Math.floor(box.x0 - margin * bw)),
    cy0: Math.max(0, Math.floor(box.y0 - margin * bh)),
    cx1: Math.min(width, Math.ceil(box.x1 + 1 + margin * bw)),
    cy1: Math.min(height, Math.ceil(box.y1 + 1 + margin * bh)),
  };
}

/**
 * The model's map of `region` cropped from the full-size photo and seen at the analysis copy's size
 * (its longest side, the model's 320 pixels; never enlarged), resampled to the region's size on the
 * analysis copy (`width` x `height`).
 */
export async function closerMap(
  model: SaliencyModel,
  rgba: RawImage,
  region: Region,
  width: number,
  height: number,
): Promise<Float32Array> {
  const { cx0, cy0, cx1, cy1 } = region;
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
  return resample(await model.predict(crop), crop.width, crop.height, cx1 - cx0, cy1 - cy0);
}

/**
 * Without a box, the model looks again at what it found: the bounding box of its map's product pixels
 * (0.5 or more) with a margin, when that crop leaves out enough of the photo to be seen closer. Within
 * the crop the two looks are averaged; outside it the first stays (there it is below 0.5 already).
 * Where the two disagree the average lies between them, so the cut-out's confidence (confidence.ts)
 * falls there: a part one look takes and the other does not is a part the model is unsure of.
 */
export async function lookCloser(
  model: SaliencyModel,
  rgba: RawImage,
  whole: Float32Array,
  width: number,
  height: number,
): Promise<Float32Array> {
  const found = boxWhere(width, height, (p) => whole[p]! >= 0.5);
  if (!found) return whole;
  const region = withMargin(found, CROP_MARGIN, width, height);
  const regionWidth = region.cx1 - region.cx0;
  const regionHeight = region.cy1 - region.cy0;
  if (regionWidth * regionHeight > CLOSER_BELOW * width * height) return whole;
  const closer = await closerMap(model, rgba, region, width, height);
  const map = Float32Array.from(whole);
  for (let y = 0; y < regionHeight; y++)
    for (let x = 0; x < regionWidth; x++) {
      const p = (y + region.cy0) * width + x + region.cx0;
      map[p] = (whole[p]! + closer[y * regionWidth + x]!) / 2;
    }
  return map;
}
