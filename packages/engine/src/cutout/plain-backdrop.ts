/**
 * Separates a product from a plain or studio backdrop: the backdrop is modelled from the borders as a
 * smooth surface, and what differs from it and is enclosed is the product. Used only when the borders
 * say the backdrop really is plain (MAX_SPREAD); anything busier goes to the subject segmentation
 * (cutout/subject.ts). The analysis runs on a copy of at most ANALYSIS_SIDE pixels (segmentation needs
 * shape, not detail); the mask is then scaled back up with a smooth edge.
 */
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { fitBackground, type BackgroundModel } from './background-model';
import { labImage } from '../pixels/color';
import { erode, floodFromBorder, keepMainComponents, raggedness } from './mask-ops';

const ANALYSIS_SIDE = 640;
/** Largest spread of the border pixels around the backdrop model (ΔE) for a backdrop called plain. */
const MAX_SPREAD = 2.5;
/** Largest share of border pixels far from the model (the product may reach the border). */
const MAX_OUTLIERS = 0.35;

export type Segmentation =
  | { ok: true; alpha: Buffer; coverage: number }
  | {
      ok: false;
      reason: 'busy-background' | 'no-product-found' | 'product-fills-photo' | 'ragged-edge';
      coverage: number;
    };

/**
 * The backdrop fitted on the photo's borders (on a small Lab copy) when they show the plain backdrop
 * segmentProduct needs; null otherwise.
 */
export function plainBackdrop(lab: Float32Array, width: number, height: number): BackgroundModel | null {
  const model = fitBackground(lab, width, height);
  return model.spread <= MAX_SPREAD && model.outlierShare <= MAX_OUTLIERS ? model : null;
}

/** How far (ΔE) a pixel may be from the backdrop expected at its place and still be the backdrop. */
export const backdropThreshold = (spread: number) => Math.min(22, Math.max(9, 3.5 * spread + 8));

export async function segmentProduct(rgba: RawImage): Promise<Segmentation> {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(rgba.width, rgba.height));
  const small =
    scale < 1
      ? await toRaw(fromRaw(rgba).resize(Math.round(rgba.width * scale), Math.round(rgba.height * scale)))
      : rgba;
  const { width, height } = small;
  const lab = await labImage(small);
  const model = fitBackground(lab, width, height);
  if (model.spread > MAX_SPREAD || model.outlierShare > MAX_OUTLIERS)
    return { ok: false, reason: 'busy-background', coverage: 1 };

  // A backdrop pixel is close to the model and connected to the border; enclosed areas stay product (a
  // pale label on a pale backdrop is not a hole). A real hole on a plain backdrop (a mug's handle) is
  // left to the corrections; the subject segmentation, which learns the backdrop's colours, opens them.
  const threshold = backdropThreshold(model.spread);
  const distance = model.distanceSquared(lab);
  const backdrop = floodFromBorder(width, height, (p) => distance[p]! < threshold * threshold);
  const solid = new Uint8Array(width * height);
  for (let p = 0; p < solid.length; p++) solid[p] = backdrop[p] ? 0 : 1;
  const product = keepMainComponents(solid, width, 0.05);
  let area = 0;
  for (let p = 0; p < product.length; p++) area += product[p]!;
  const coverage = area / product.length;
  if (coverage < 0.015) return { ok: false, reason: 'no-product-found', coverage };
  if (coverage > 0.92) return { ok: false, reason: 'product-fills-photo', coverage };
  if (raggedness(product, width) > 6) return { ok: false, reason: 'ragged-edge', coverage };

  // Erosion drops the ring of pixels that mix product and backdrop; the blur makes the feathered edge.
  const core = erode(product, width);
  const bytes = Buffer.alloc(core.length);
  for (let p = 0; p < core.length; p++) bytes[p] = core[p] ? 255 : 0;
  let mask = fromRaw({ data: bytes, width, height, channels: 1 });
  if (scale < 1) mask = mask.resize(rgba.width, rgba.height, { kernel: 'linear' });
  const sigma = Math.max(0.8, Math.max(rgba.width, rgba.height) / 1200);
  // Without extractChannel, libvips would hand back a one-channel image as three sRGB channels.
  const { data: alpha } = await toRaw(mask.blur(sigma).extractChannel(0));
  return { ok: true, alpha, coverage };
}
