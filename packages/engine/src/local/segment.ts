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
  const count = width * height;
  const done = new Uint8Array(count);
  // The soft edge is a thin band: list it once, then work on the list alone.
  let edge = new Int32Array(1024);
  let edges = 0;
  for (let p = 0, i = 3; p < count; p++, i += 4) {
    const a = rgba[i]!;
    if (a >= 250) done[p] = 1;
    else if (a > 0) {
      if (edges === edge.length) {
        const grown = new Int32Array(edge.length * 2);
        grown.set(edge);
        edge = grown;
      }
      edge[edges++] = p;
    }
  }
  const offsets = Int32Array.of(-1, 1, -width, width, -width - 1, -width + 1, width - 1, width + 1);
  const filled = new Float32Array(edges * 3);
  const filledAt = new Int32Array(edges);
  for (let pass = 0; pass < 6 && edges; pass++) {
    let next = 0;
    let fills = 0;
    for (let e = 0; e < edges; e++) {
      const p = edge[e]!;
      const x = p % width;
      if (x === 0 || x === width - 1 || p < width || p >= (height - 1) * width) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let k = 0; k < 8; k++) {
        const q = p + offsets[k]!;
        if (!done[q]) continue;
        r += rgba[q * 4]!;
        g += rgba[q * 4 + 1]!;
        b += rgba[q * 4 + 2]!;
        n++;
      }
      if (n) {
        filledAt[fills] = p;
        filled[fills * 3] = r / n;
        filled[fills * 3 + 1] = g / n;
        filled[fills * 3 + 2] = b / n;
        fills++;
      } else edge[next++] = p;
    }
    // A pass reads only what was done before it: its own fills are written afterwards.
    for (let f = 0; f < fills; f++) {
      const p = filledAt[f]!;
      rgba[p * 4] = filled[f * 3]!;
      rgba[p * 4 + 1] = filled[f * 3 + 1]!;
      rgba[p * 4 + 2] = filled[f * 3 + 2]!;
      done[p] = 1;
    }
    edges = next;
  }
  for (let p = 0, i = 3; p < count; p++, i += 4) if (!done[p]) rgba[i] = 0;
}
