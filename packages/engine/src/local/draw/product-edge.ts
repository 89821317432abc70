/**
 * Neon light spilled just outside the product's outline, so a photographed product sits in a neon scene
 * (cyberpunk): a wide, soft glow in the palette's first neon, screened on. No crisp line: a line hugging
 * the outline (ink, pencil, a bright rim) reads as the cut-out's halo, not as the style. It is drawn on
 * the scene before the product, and only where the product is not: the product's own pixels are
 * untouched. Its art depends on the resized product alone: it is made (productEdgeArt) while the scene
 * is drawn, and laid on (drawEdge) when the product is placed.
 */
import type { Grading, Rgb } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import type { Placement } from './placement';

/** How much of the neon the glow spills at its brightest. */
const NEON_SPILL = 0.7;

/** The alpha channel of an RGBA image. */
function alphaOf(product: RawImage): Buffer {
  const alpha = Buffer.alloc(product.width * product.height);
  for (let p = 0, i = 3; p < alpha.length; p++, i += 4) alpha[p] = product.data[i]!;
  return alpha;
}

/** One glow: its weight by spread alpha level (a table) and its colour, screened on. */
type Layer = {
  spread: RawImage;
  weights: Float32Array;
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
  /** Per pixel of the padded box: how much of the scene shows through the product (0 to 1). */
  outside: Float32Array;
  left: number;
  top: number;
  width: number;
  height: number;
};

export async function productEdgeArt(product: RawImage, at: Placement, grading: Grading): Promise<EdgeArt> {
  const halo = Math.max(6, at.width * 0.07);
  const pad = Math.ceil(halo * 3);
  const alpha = alphaOf(product);
  const w = product.width + 2 * pad;
  const h = product.height + 2 * pad;
  const layers: Layer[] = [
    {
      spread: await wideSpread(product, alpha, pad, halo),
      weights: weightTable((s) => Math.min(1, s * 1.5) * NEON_SPILL),
      colour: grading.neon[0],
    },
  ];
  // Where the product is opaque nothing is drawn; at its soft edge, only in proportion to what shows.
  const outside = new Float32Array(w * h).fill(1);
  for (let py = 0; py < product.height; py++) {
    for (let px = 0, p = (py + pad) * w + pad; px < product.width; px++, p++) {
      outside[p] = 1 - alpha[py * product.width + px]! / 255;
    }
  }
  return { layers, outside, left: at.x - pad, top: at.y - pad, width: w, height: h };
}

export function drawEdge(scene: RawImage, { layers, outside, left, top, width, height }: EdgeArt): void {
  for (const layer of layers) drawLayer(scene, layer, outside, left, top, width, height);
}

function drawLayer(
  scene: RawImage,
  { spread, weights, colour }: Layer,
  outside: Float32Array,
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
    for (
      let x = x0, p = y * w + x0, i = ((top + y) * width + left + x0) * channels;
      x < x1;
      x++, p++, i += channels
    ) {
      const weight = weights[spread.data[p]!]!;
      if (weight === 0) continue;
      const a = weight * outside[p]!;
      if (a <= 0) continue;
      data[i] = 255 - (255 - data[i]!) * (1 - (a * r) / 255);
      data[i + 1] = 255 - (255 - data[i + 1]!) * (1 - (a * g) / 255);
      data[i + 2] = 255 - (255 - data[i + 2]!) * (1 - (a * b) / 255);
    }
  }
}
