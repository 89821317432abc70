/**
 * The colours under the ground that stood before the product (ground-occluders.ts), and the base it
 * hid (hidden-base.ts): a pull-push fill.
 * The product's own pixels are averaged over ever coarser squares; each missing pixel then takes the
 * finest square that holds some, each level blended into the next bilinearly. Smooth across a blade,
 * free of the streaks a fill along rows leaves.
 */
import type { RawImage } from '../image/sharp';
import type { Occluders } from './ground-occluders';
import type { Area } from './occluder-shapes';

/** Three channels of `image` (w×h) at a point between pixels, into `out`. */
function bilinear(image: Float32Array, w: number, h: number, fx: number, fy: number, out: Float32Array) {
  const x = Math.min(w - 1, Math.max(0, fx));
  const y = Math.min(h - 1, Math.max(0, fy));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const tx = x - x0;
  const ty = y - y0;
  for (let c = 0; c < 3; c++) {
    const a = image[(y0 * w + x0) * 3 + c]! * (1 - tx) + image[(y0 * w + x1) * 3 + c]! * tx;
    const b = image[(y1 * w + x0) * 3 + c]! * (1 - tx) + image[(y1 * w + x1) * 3 + c]! * tx;
    out[c] = a * (1 - ty) + b * ty;
  }
}

type Level = { w: number; h: number; sum: Float32Array; weight: Float32Array };

/**
 * Paints the pixels of `area` where `missing` is 1 (area-local) in `rgba` (the whole photo's RGBA,
 * `width` wide) from those where `known` is 1.
 */
export function pullPush(
  rgba: Uint8Array,
  width: number,
  area: Area,
  known: Uint8Array,
  missing: Uint8Array,
): void {
  const { width: w0, height: h0 } = area;
  let level: Level = { w: w0, h: h0, sum: new Float32Array(w0 * h0 * 3), weight: new Float32Array(w0 * h0) };
  for (let y = 0; y < h0; y++)
    for (let x = 0; x < w0; x++) {
      const i = y * w0 + x;
      if (!known[i]) continue;
      const p = ((area.y0 + y) * width + area.x0 + x) * 4;
      level.weight[i] = 1;
      for (let c = 0; c < 3; c++) level.sum[i * 3 + c] = rgba[p + c]!;
    }
  const levels = [level];
  while (level.w > 1 || level.h > 1) {
    const w = Math.ceil(level.w / 2);
    const h = Math.ceil(level.h / 2);
    const next: Level = { w, h, sum: new Float32Array(w * h * 3), weight: new Float32Array(w * h) };
    for (let y = 0; y < level.h; y++)
      for (let x = 0; x < level.w; x++) {
        const i = y * level.w + x;
        const o = (y >> 1) * w + (x >> 1);
        next.weight[o]! += level.weight[i]!;
        for (let c = 0; c < 3; c++) next.sum[o * 3 + c]! += level.sum[i * 3 + c]!;
      }
    levels.push(next);
    level = next;
  }
  // Mean colours from the coarsest level down: a square with little product takes its parent's.
  let coarse: Float32Array | null = null;
  const from = new Float32Array(3);
  for (let l = levels.length - 1; l >= 0; l--) {
    const { w, h, sum, weight } = levels[l]!;
    const parent = levels[l + 1];
    const mean = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const share = Math.min(1, weight[i]!);
        if (coarse && parent && share < 1)
          bilinear(coarse, parent.w, parent.h, (x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5, from);
        for (let c = 0; c < 3; c++) {
          const own = weight[i]! > 0 ? sum[i * 3 + c]! / weight[i]! : 0;
          mean[i * 3 + c] = coarse ? own * share + from[c]! * (1 - share) : own;
        }
      }
    coarse = mean;
  }
  for (let y = 0; y < h0; y++)
    for (let x = 0; x < w0; x++) {
      const i = y * w0 + x;
      if (!missing[i]) continue;
      const p = ((area.y0 + y) * width + area.x0 + x) * 4;
      for (let c = 0; c < 3; c++) rgba[p + c] = Math.round(coarse![i * 3 + c]!);
    }
}

/**
 * `rgba` (the photo's size, changed in place) with the ground `found` before the product painted
 * from the product around it (pullPush above); `alpha` is the mask it is painted in. Returns what
 * was painted (area-local), or null when there is no product to paint from.
 */
export function paintOver(
  found: Occluders,
  photo: { width: number },
  alpha: Uint8Array,
  rgba: Uint8Array,
): Uint8Array | null {
  const { area, ground, before } = found;
  const known = new Uint8Array(ground.length);
  let any = 0;
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const i = y * area.width + x;
      known[i] = !ground[i] && alpha[(area.y0 + y) * photo.width + area.x0 + x]! >= 128 ? 1 : 0;
      any += known[i]!;
    }
  if (!any) return null;
  pullPush(rgba, photo.width, area, known, before);
  return before;
}

/**
 * The pixels painted (`before`, 1 each in `area`'s own array) over a box of the photo (`offset`, and
 * the box's size): a one-channel map, 255 where painted.
 */
export function paintedIn(
  area: Area,
  before: Uint8Array,
  offset: { x: number; y: number },
  box: { width: number; height: number },
): RawImage {
  const data = Buffer.alloc(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const ax = offset.x + x - area.x0;
      const ay = offset.y + y - area.y0;
      if (ax >= 0 && ay >= 0 && ax < area.width && ay < area.height && before[ay * area.width + ax])
        data[y * box.width + x] = 255;
    }
  return { data, width: box.width, height: box.height, channels: 1 };
}
