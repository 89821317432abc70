/**
 * Separates a product from a plain or studio backdrop. The analysis runs on a copy of at most
 * ANALYSIS_SIDE pixels (segmentation needs shape, not detail); the mask is then scaled back up with a
 * smooth edge, and soft edge pixels are recoloured from inside so no halo of the old backdrop remains.
 */
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { fitBackground } from './background-model';
import { labImage } from './color';
import { erode, floodFromBorder, keepMainComponents, raggedness } from './mask-ops';

const ANALYSIS_SIDE = 640;

export type Segmentation =
  | { ok: true; alpha: Buffer; coverage: number }
  | {
      ok: false;
      reason: 'busy-background' | 'no-product-found' | 'product-fills-photo' | 'ragged-edge';
      coverage: number;
    };

export async function segmentProduct(rgba: RawImage): Promise<Segmentation> {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(rgba.width, rgba.height));
  const small =
    scale < 1
      ? await toRaw(fromRaw(rgba).resize(Math.round(rgba.width * scale), Math.round(rgba.height * scale)))
      : rgba;
  const { width, height } = small;
  const lab = await labImage(small);
  const model = fitBackground(lab, width, height);
  if (model.spread > 5 || model.outlierShare > 0.35)
    return { ok: false, reason: 'busy-background', coverage: 1 };

  // A backdrop pixel is close to the model and connected to the border; enclosed areas stay product.
  const threshold = Math.min(22, Math.max(9, 3.5 * model.spread + 8));
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

/**
 * Soft edge pixels take the mean colour of their solid (or already recoloured) neighbours; whatever
 * the passes do not reach is too faint to keep and becomes transparent.
 */
export function bleedInnerColours(rgba: Buffer, width: number, height: number): void {
  const done = new Uint8Array(width * height);
  let edge: number[] = [];
  for (let p = 0; p < done.length; p++) {
    const a = rgba[p * 4 + 3]!;
    if (a >= 250) done[p] = 1;
    else if (a > 0) edge.push(p);
  }
  const offsets = [-1, 1, -width, width, -width - 1, -width + 1, width - 1, width + 1];
  for (let pass = 0; pass < 6 && edge.length; pass++) {
    const next: number[] = [];
    const filled: number[] = [];
    for (const p of edge) {
      const x = p % width;
      if (x === 0 || x === width - 1 || p < width || p >= (height - 1) * width) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (const o of offsets) {
        const q = p + o;
        if (!done[q]) continue;
        r += rgba[q * 4]!;
        g += rgba[q * 4 + 1]!;
        b += rgba[q * 4 + 2]!;
        n++;
      }
      if (n) filled.push(p, r / n, g / n, b / n);
      else next.push(p);
    }
    for (let i = 0; i < filled.length; i += 4) {
      const p = filled[i]!;
      rgba[p * 4] = filled[i + 1]!;
      rgba[p * 4 + 1] = filled[i + 2]!;
      rgba[p * 4 + 2] = filled[i + 3]!;
      done[p] = 1;
    }
    edge = next;
  }
  for (let p = 0; p < done.length; p++) if (!done[p]) rgba[p * 4 + 3] = 0;
}
