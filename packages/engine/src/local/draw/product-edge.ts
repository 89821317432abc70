/**
 * Neon light from behind the product, so a photographed product sits in a neon scene (cyberpunk): a
 * wide, soft glow in the palette's first neon, screened on, risen above the product and fading out
 * toward its base. Not a band around the outline: a glow that follows the outline all round (ink,
 * pencil, a bright rim, or a halo only a few times the edge's width) reads as the cut-out's halo, and
 * one under the base lifts the product off the ground (decision 111). It is drawn on the scene before
 * the product, and only where the product is not: the product's own pixels are untouched. Its art
 * depends on the resized product alone: it is made (productEdgeArt) while the scene is drawn, and laid
 * on (drawEdge) when the product is placed.
 */
import type { Grading, Rgb } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import type { Placement } from './placement';

/** How much of the neon the glow spills at its brightest. */
const NEON_SPILL = 0.6;
/** The glow's blur, in product widths: wide enough that it does not trace the outline. */
const GLOW_SPREAD = 0.2;
/** How far the light sits above the product, in product heights. */
const GLOW_RISE = 0.08;
/** From the base up to this much of the product's height, the glow fades in from nothing. */
const GLOW_FADE = 0.6;

/** The alpha channel of an RGBA image. */
function alphaOf(product: RawImage): Buffer {
  const alpha = Buffer.alloc(product.width * product.height);
  for (let p = 0, i = 3; p < alpha.length; p++, i += 4) alpha[p] = product.data[i]!;
  return alpha;
}

/**
 * One glow: its weight by spread alpha level (a table), by row of the padded box, and its colour,
 * screened on; the spread is read `rise` rows below each pixel, so the glow stands higher than the
 * product.
 */
type Layer = {
  spread: RawImage;
  weights: Float32Array;
  rows: Float32Array;
  rise: number;
  colour: Rgb;
};

const weightTable = (weight: (s: number) => number) =>
  Float32Array.from({ length: 256 }, (_, level) => (level / 255 <= 0.01 ? 0 : weight(level / 255)));

/** The wide neon halo: a blur this wide is made at a quarter size, enlarged in blocks and smoothed. */
async function wideSpread(product: RawImage, alpha: Buffer, pad: number, sigma: number): Promise<RawImage> {
  const width = product.width + 2 * pad;
  const height = product.height + 2 * pad;
  // sharp resizes before it extends: the margin is added at the small size, and blurred there.
  const margin = Math.round(pad / 4);
  const blurred = await toRaw(
    fromRaw({ data: alpha, width: product.width, height: product.height, channels: 1 })
      .resize(Math.max(1, Math.round(product.width / 4)), Math.max(1, Math.round(product.height / 4)), {
        fit: 'fill',
      })
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: 0, g: 0, b: 0 } })
      .blur(Math.max(0.5, sigma / 4))
      .extractChannel(0),
  );
  return toRaw(
    fromRaw(blurred).resize(width, height, { fit: 'fill', kernel: 'nearest' }).blur(2).extractChannel(0),
  );
}

/** The layers of a product's edge, ready to lay on the scene around the product at `left`, `top`. */
export type EdgeArt = {
  layers: Layer[];
  /**
   * The product's own box: its alpha, and where the box lies in the padded one (outside it, all of the
   * scene shows; inside, as much as the product lets through).
   */
  product: { alpha: Buffer; x: number; y: number; width: number; height: number };
  left: number;
  top: number;
  width: number;
  height: number;
};

export async function productEdgeArt(product: RawImage, at: Placement, grading: Grading): Promise<EdgeArt> {
  const glow = Math.max(12, at.width * GLOW_SPREAD);
  const rise = Math.round(product.height * GLOW_RISE);
  const pad = Math.ceil(glow * 2.5) + rise;
  const alpha = alphaOf(product);
  const w = product.width + 2 * pad;
  const h = product.height + 2 * pad;
  // 1 above the fade, 0 at the base and below it, eased between.
  const base = pad + product.height;
  const fade = Math.max(1, product.height * GLOW_FADE);
  const rows = Float32Array.from({ length: h }, (_, y) => {
    const t = Math.min(1, Math.max(0, (base - y) / fade));
    return t * t * (3 - 2 * t);
  });
  const layers: Layer[] = [
    {
      spread: await wideSpread(product, alpha, pad, glow),
      weights: weightTable((s) => Math.min(1, s * 1.6) * NEON_SPILL),
      rows,
      rise,
      colour: grading.neon[0],
    },
  ];
  const box = { alpha, x: pad, y: pad, width: product.width, height: product.height };
  return { layers, product: box, left: at.x - pad, top: at.y - pad, width: w, height: h };
}

export function drawEdge(scene: RawImage, { layers, product, left, top, width, height }: EdgeArt): void {
  for (const layer of layers) drawLayer(scene, layer, product, left, top, width, height);
}

function drawLayer(
  scene: RawImage,
  { spread, weights, rows, rise, colour }: Layer,
  product: EdgeArt['product'],
  left: number,
  top: number,
  w: number,
  h: number,
): void {
  const { data, channels, width, height } = scene;
  const [r, g, b] = colour;
  const x0 = Math.max(0, -left);
  const x1 = Math.min(w, width - left);
  for (let y = Math.max(0, -top); y < Math.min(h, height - top); y++) {
    const row = rows[y]!;
    if (row === 0) continue;
    const from = Math.min(h - 1, y + rise) * w;
    const py = y - product.y;
    const across = py >= 0 && py < product.height;
    for (let x = x0, i = ((top + y) * width + left + x0) * channels; x < x1; x++, i += channels) {
      const weight = weights[spread.data[from + x]!]!;
      if (weight === 0) continue;
      // Where the product is opaque nothing is drawn; at its soft edge, only in proportion to what shows.
      const px = x - product.x;
      const shows =
        across && px >= 0 && px < product.width ? 1 - product.alpha[py * product.width + px]! / 255 : 1;
      const a = weight * row * shows;
      if (a <= 0) continue;
      data[i] = 255 - (255 - data[i]!) * (1 - (a * r) / 255);
      data[i + 1] = 255 - (255 - data[i + 1]!) * (1 - (a * g) / 255);
      data[i + 2] = 255 - (255 - data[i + 2]!) * (1 - (a * b) / 255);
    }
  }
}
