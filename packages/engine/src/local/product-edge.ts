/**
 * A line just outside the product's outline, so a photographed product sits in a drawn or neon scene:
 * an ink line (illustration), a sketchy pencil line (hand-drawn) or a neon glow (cyberpunk). It is
 * drawn on the scene before the product, and only where the product is not: the product's own pixels
 * are untouched.
 */
import type { Effects, Grading, Rgb } from '../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import type { Placement } from './place-product';
import { valueNoise } from './texture';

const smoothstep = (a: number, b: number, v: number) => {
  const t = Math.min(1, Math.max(0, (v - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** The product's alpha with a transparent margin, blurred by `sigma`. */
async function spreadAlpha(product: RawImage, pad: number, sigma: number): Promise<RawImage> {
  const alpha = Buffer.alloc(product.width * product.height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = product.data[p * 4 + 3]!;
  return toRaw(
    fromRaw({ data: alpha, width: product.width, height: product.height, channels: 1 })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
      .blur(sigma)
      .extractChannel(0),
  );
}

/** One stroke or glow: a weight from the spread alpha around the product, a colour, screen or paint. */
type Layer = { spread: RawImage; weight: (s: number, p: number) => number; colour: Rgb; screen: boolean };

export async function drawProductEdge(
  scene: RawImage,
  product: RawImage,
  at: Placement,
  kind: Effects['productEdge'],
  grading: Grading,
  seed = 1,
): Promise<void> {
  if (kind === 'none') return;
  const unit = Math.min(scene.width, scene.height);
  const stroke = Math.max(1.5, unit / 400);
  const halo = Math.max(6, at.width * 0.07);
  const pad = Math.ceil((kind === 'neon' ? halo : stroke) * 3 + stroke);
  const tight = await spreadAlpha(product, pad, stroke * (kind === 'pencil' ? 0.7 : 0.9));
  const { width: w, height: h } = tight;
  let layers: Layer[];
  if (kind === 'ink') {
    layers = [
      { spread: tight, weight: (s) => smoothstep(0.04, 0.16, s) * 0.92, colour: ink(grading), screen: false },
    ];
  } else if (kind === 'pencil') {
    // Pencil pressure varies along the line, so it reads as drawn by hand.
    const pressure = valueNoise(w, h, w / 40, h / 40, seed + 3);
    layers = [
      {
        spread: tight,
        weight: (s, p) => smoothstep(0.06, 0.2, s) * (0.3 + 0.55 * pressure[p]!),
        colour: [68, 64, 60],
        screen: false,
      },
    ];
  } else {
    const wide = await spreadAlpha(product, pad, halo);
    layers = [
      { spread: wide, weight: (s) => Math.min(1, s * 1.5) * 0.8, colour: grading.neon[0], screen: true },
      {
        spread: tight,
        weight: (s) => smoothstep(0.05, 0.3, s) * 0.85,
        colour: grading.neon[1],
        screen: true,
      },
    ];
  }
  const { data, channels } = scene;
  for (let y = 0; y < h; y++) {
    const sy = at.y - pad + y;
    if (sy < 0 || sy >= scene.height) continue;
    const py = y - pad;
    for (let x = 0; x < w; x++) {
      const sx = at.x - pad + x;
      if (sx < 0 || sx >= scene.width) continue;
      const px = x - pad;
      const inside =
        px >= 0 && py >= 0 && px < product.width && py < product.height
          ? product.data[(py * product.width + px) * 4 + 3]! / 255
          : 0;
      if (inside >= 1) continue;
      const p = y * w + x;
      const i = (sy * scene.width + sx) * channels;
      for (const layer of layers) {
        const s = layer.spread.data[p]! / 255;
        if (s <= 0.01) continue;
        const a = layer.weight(s, p) * (1 - inside);
        if (a <= 0) continue;
        for (let c = 0; c < 3; c++) {
          const v = data[i + c]!;
          data[i + c] = layer.screen
            ? 255 - (255 - v) * (1 - (a * layer.colour[c]!) / 255)
            : v + (layer.colour[c]! - v) * a;
        }
      }
    }
  }
}

const ink = ({ swatch }: Grading): Rgb => [swatch.dark[0] * 0.5, swatch.dark[1] * 0.5, swatch.dark[2] * 0.5];
