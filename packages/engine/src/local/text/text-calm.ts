/**
 * Text sits on calm parts of the scene. Busyness is measured where each text place would go (edges and
 * tonal spread of the luminance, and how far colours stray from the area's mean: a sun, a window, a
 * shelf of jars all score high); the calmest place wins. Where even that is busy, the scene behind the
 * text is calmed: softened and drawn toward its own mean, with a wide feather, never over the product.
 */
import type { Box, TextBlock } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { coverageRow, type Coverage } from '../draw/coverage';
import { GAIN_ONE, luma709 } from '../../pixels/fixed-point';
import type { Vignette } from '../draw/light';

/** Busyness above which the scene behind text is calmed. Flat sky or wall scores under 4. */
export const CALM_ENOUGH = 12;
/** An alternative place is taken only when it is clearly calmer than the planned one. */
const CLEARLY_CALMER = 0.7;
/** How much of the calm is the area's mean colour: the rest is the scene blurred, its light kept. */
const MEAN_SHARE = 0.4;

const unionOf = (boxes: Box[]): Box => {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
};

/**
 * Mean gradient of the luminance plus the spread of luminance and colour, on a grid of about 20,000
 * samples: 0 for a flat area, about 3 for a soft gradient, 15 and more for a sun or clutter.
 */
export function busyness(scene: RawImage, box: Box, vignette: Vignette | null = null): number {
  const { data, width, height, channels } = scene;
  const x0 = Math.max(0, Math.round(box.x));
  const y0 = Math.max(0, Math.round(box.y));
  const x1 = Math.min(width - 1, Math.round(box.x + box.width));
  const y1 = Math.min(height - 1, Math.round(box.y + box.height));
  if (x1 - x0 < 4 || y1 - y0 < 4) return 0;
  const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0) * (y1 - y0)) / 20_000)));
  const lumaAt = (i: number) => luma709(data[i]!, data[i + 1]!, data[i + 2]!);
  let n = 0;
  let gradient = 0;
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  for (let y = y0; y + step <= y1; y += step) {
    for (let x = x0; x + step <= x1; x += step) {
      const i = (y * width + x) * channels;
      // A vignette already laid on is taken back out: it is light, not what the scene shows.
      const k = vignette ? GAIN_ONE / vignette.at(x, y) : 1;
      const l = lumaAt(i) * k;
      gradient +=
        Math.abs(lumaAt(i + step * channels) * k - l) + Math.abs(lumaAt(i + step * width * channels) * k - l);
      const values = [l, (data[i]! - data[i + 1]!) * k, (data[i + 2]! - data[i + 1]!) * k];
      for (let k = 0; k < 3; k++) {
        sum[k]! += values[k]!;
        squares[k]! += values[k]! ** 2;
      }
      n++;
    }
  }
  if (!n) return 0;
  const spread = (k: number) => Math.sqrt(Math.max(0, squares[k]! / n - (sum[k]! / n) ** 2));
  // Gradients are per sample step: bring them back to per pixel so the measure does not depend on size.
  const edges = (gradient / n) * (4 / Math.min(4, step + 1));
  return edges + 0.25 * spread(0) + 0.2 * (spread(1) + spread(2));
}

/** The planned text, or an alternative place for it when that one is clearly calmer. */
export function calmestPlacement(
  scene: RawImage,
  planned: TextBlock[],
  alternatives: TextBlock[][],
  vignette: Vignette | null = null,
): { blocks: TextBlock[]; busyness: number } {
  if (!planned.length) return { blocks: planned, busyness: 0 };
  const score = (blocks: TextBlock[]) => busyness(scene, unionOf(blocks.map((b) => b.box)), vignette);
  let best = { blocks: planned, busyness: score(planned) };
  if (best.busyness <= CALM_ENOUGH * 0.5) return best;
  for (const blocks of alternatives) {
    if (!blocks.length) continue;
    const candidate = score(blocks);
    if (candidate < best.busyness * CLEARLY_CALMER) best = { blocks, busyness: candidate };
  }
  return best;
}

/**
 * Calms a busy area behind text: a wide blur of the scene and some of its mean colour mixed in, more
 * where it is busier. Toward the picture it fades out smoothly over a feather as wide as the text is
 * tall; where the text is near the frame's edge, the calm runs on to that edge instead of stopping short
 * of it, so that it reads as the scene's own soft light (a sky, a wall out of focus), never as a box.
 * Returns whether it did anything.
 */
export async function calmBehind(
  scene: RawImage,
  blocks: TextBlock[],
  productCoverage: Coverage,
  level: number,
): Promise<boolean> {
  if (!blocks.length || level <= CALM_ENOUGH) return false;
  const strength = Math.min(0.8, 0.45 + (level - CALM_ENOUGH) * 0.04);
  const area = unionOf(blocks.map((b) => b.box));
  const feather = Math.round(Math.max(32, Math.min(area.height, area.width) * 0.6));
  // A side within a feather and a half of the frame's edge runs on to it, at full strength.
  const reach = feather * 1.5;
  const toEdge = {
    left: area.x <= reach,
    top: area.y <= reach,
    right: scene.width - (area.x + area.width) <= reach,
    bottom: scene.height - (area.y + area.height) <= reach,
  };
  const x0 = toEdge.left ? 0 : Math.max(0, Math.round(area.x - feather));
  const y0 = toEdge.top ? 0 : Math.max(0, Math.round(area.y - feather));
  const x1 = toEdge.right ? scene.width : Math.min(scene.width, Math.round(area.x + area.width + feather));
  const y1 = toEdge.bottom
    ? scene.height
    : Math.min(scene.height, Math.round(area.y + area.height + feather));
  const region = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
  if (region.width < 2 || region.height < 2) return false;
  // A wide blur, made on a small copy (its cost would otherwise grow with the square of its width)
  // and read back with bilinear sampling.
  const sigma = Math.max(6, area.height * 0.4);
  const shrink = Math.min(1, 6 / sigma);
  const sw = Math.max(2, Math.round(region.width * shrink));
  const sh = Math.max(2, Math.round(region.height * shrink));
  const soft = await toRaw(
    fromRaw(scene)
      .extract(region)
      .resize(sw, sh, { fit: 'fill' })
      .blur(Math.max(0.5, sigma * shrink)),
  );
  const sc = soft.channels;
  const mean = [0, 0, 0];
  for (let i = 0; i < soft.data.length; i += sc) for (let c = 0; c < 3; c++) mean[c]! += soft.data[i + c]!;
  for (let c = 0; c < 3; c++) mean[c]! /= sw * sh;
  // Full strength over the text; outside it, a smooth fall to nothing over the feather.
  const fall = (d: number) => {
    const t = Math.min(1, Math.max(0, 1 - d / feather));
    return t * t * (3 - 2 * t);
  };
  const weightX = (x: number) =>
    Math.min(
      toEdge.left || x >= area.x ? 1 : fall(area.x - x),
      toEdge.right || x <= area.x + area.width ? 1 : fall(x - area.x - area.width),
    );
  const weightY = (y: number) =>
    Math.min(
      toEdge.top || y >= area.y ? 1 : fall(area.y - y),
      toEdge.bottom || y <= area.y + area.height ? 1 : fall(y - area.y - area.height),
    );
  const fx = (sw - 1) / Math.max(1, region.width - 1);
  const fy = (sh - 1) / Math.max(1, region.height - 1);
  // Per column: the feather's weight (times the strength) and where the column falls between two samples of the small copy.
  const span = x1 - x0;
  const across = new Float32Array(span);
  const left = new Int32Array(span);
  const frac = new Float32Array(span);
  for (let x = x0; x < x1; x++) {
    across[x - x0] = weightX(x) * strength;
    const u = (x - x0) * fx;
    const c0 = Math.min(sw - 2, Math.floor(u));
    left[x - x0] = c0 * sc;
    frac[x - x0] = u - c0;
  }
  // Per row: the small copy interpolated down to that row, already mixed with the mean (the calm colour
  // at each sample), and the product's opacity along it.
  const calmRow = new Float32Array(sw * sc);
  const product = new Float32Array(span);
  const { data, width, channels } = scene;
  for (let y = y0; y < y1; y++) {
    const wy = weightY(y);
    if (wy <= 0) continue;
    const v = (y - y0) * fy;
    const r0 = Math.min(sh - 2, Math.floor(v));
    const ty = v - r0;
    const a = r0 * sw * sc;
    const b = a + sw * sc;
    for (let k = 0; k < sw * sc; k++) {
      const c = k % sc;
      const value = soft.data[a + k]! + (soft.data[b + k]! - soft.data[a + k]!) * ty;
      calmRow[k] = c < 3 ? value * (1 - MEAN_SHARE) + mean[c]! * MEAN_SHARE : 0;
    }
    coverageRow(productCoverage, y, x0, x1, product);
    calmLine(
      data,
      (y * width + x0) * channels,
      channels,
      calmRow,
      sc,
      across,
      left,
      frac,
      wy * strength,
      product,
    );
  }
  return true;
}

/** One row of calming: each pixel drawn toward the calm colour by the smaller of its two feathers. */
function calmLine(
  data: Buffer,
  from: number,
  channels: number,
  calm: Float32Array,
  sc: number,
  across: Float32Array,
  left: Int32Array,
  frac: Float32Array,
  wy: number,
  product: Float32Array,
): void {
  for (let x = 0, i = from; x < across.length; x++, i += channels) {
    const wx = across[x]!;
    const w = (wy < wx ? wy : wx) * (1 - product[x]!);
    if (w <= 0) continue;
    const a = left[x]!;
    const t = frac[x]!;
    // The three channels unrolled: a loop over them costs more than the arithmetic.
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    data[i] = r + (calm[a]! + (calm[a + sc]! - calm[a]!) * t - r) * w;
    data[i + 1] = g + (calm[a + 1]! + (calm[a + sc + 1]! - calm[a + 1]!) * t - g) * w;
    data[i + 2] = b + (calm[a + 2]! + (calm[a + sc + 2]! - calm[a + 2]!) * t - b) * w;
  }
}
