/**
 * Product cut-out. A PNG/WebP's own alpha is kept; otherwise a plain or studio backdrop is modelled
 * from the borders and separated with a clean, feathered edge. When that cannot be done well the
 * photo is kept whole for a framed layout: a ragged cut-out is never shown.
 */
import type { RawImage } from '../image/sharp';
import { bleedInnerColours, segmentProduct } from './segment';

export type CutoutMethod = 'alpha' | 'studio' | 'framed';

export type Cutout = {
  /** RGBA, trimmed to the product. For 'framed', the whole opaque photo. */
  image: RawImage;
  method: CutoutMethod;
  /** Why the photo is framed rather than cut out. */
  reason?: 'busy-background' | 'no-product-found' | 'product-fills-photo' | 'ragged-edge';
  /** Share of the photo the product covers, 0 to 1. */
  coverage: number;
  /** Where the trimmed image starts in the decoded photo. */
  offset: { x: number; y: number };
};

/** Transparent pixels needed before the file's own alpha is trusted as a cut-out. */
const MIN_TRANSPARENT_SHARE = 0.005;

export async function cutOut(rgba: RawImage): Promise<Cutout> {
  const { data, width, height } = rgba;
  const count = width * height;
  let transparent = 0;
  for (let p = 0; p < count; p++) if (data[p * 4 + 3]! < 128) transparent++;
  if (transparent / count >= MIN_TRANSPARENT_SHARE && transparent < count) {
    return { ...trim(rgba), method: 'alpha', coverage: 1 - transparent / count };
  }
  return separateFromBackdrop(rgba);
}

function framed(rgba: RawImage, reason: NonNullable<Cutout['reason']>, coverage = 1): Cutout {
  const opaque = Buffer.from(rgba.data);
  for (let i = 3; i < opaque.length; i += 4) opaque[i] = 255;
  return { image: { ...rgba, data: opaque }, offset: { x: 0, y: 0 }, method: 'framed', reason, coverage };
}

async function separateFromBackdrop(rgba: RawImage): Promise<Cutout> {
  const segmentation = await segmentProduct(rgba);
  if (!segmentation.ok) return framed(rgba, segmentation.reason, segmentation.coverage);
  const out = Buffer.from(rgba.data);
  const { alpha } = segmentation;
  for (let p = 0; p < alpha.length; p++) out[p * 4 + 3] = alpha[p]!;
  bleedInnerColours(out, rgba.width, rgba.height);
  const image = { data: out, width: rgba.width, height: rgba.height, channels: 4 } as const;
  return { ...trim(image), method: 'studio', coverage: segmentation.coverage };
}

/** Crops to the pixels that are visible at all. */
function trim(rgba: RawImage): { image: RawImage; offset: { x: number; y: number } } {
  const { data, width, height } = rgba;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 8) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { image: rgba, offset: { x: 0, y: 0 } };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    data.copy(out, y * w * 4, ((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4);
  return { image: { data: out, width: w, height: h, channels: 4 }, offset: { x: x0, y: y0 } };
}
