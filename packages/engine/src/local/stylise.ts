/**
 * Style effects that change the scene's structure, before grading: flat illustration colours, softening,
 * ink or pencil outlines, pencil hatching, and the cyberpunk neon duotone. Never applied to the product.
 */
import type { Effects, Grading } from '../art-direction/types';
import { fromEngineFile, fromRaw, guard, toRaw, type RawImage } from '../image/sharp';
import { luma } from './color';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

export async function styliseStructure(
  scene: RawImage,
  effects: Effects,
  grading: Grading,
): Promise<RawImage> {
  let out = scene;
  if (effects.flatColours > 0) out = await flatColours(out, effects.flatColours);
  if (effects.soften > 0) out = await toRaw(fromRaw(out).blur(effects.soften));
  if (effects.outline > 0) outline(out, effects.outline, effects.hatching > 0);
  if (effects.hatching > 0) hatch(out, effects.hatching);
  if (effects.duotone > 0) duotone(out, effects.duotone, grading);
  return out;
}

/**
 * Vector-like flat areas: the scene reduced to a few colours (libimagequant, no dithering) at a third
 * of the size, then scaled back up so the boundaries between flats stay smooth.
 */
async function flatColours(scene: RawImage, colours: number): Promise<RawImage> {
  const small = fromRaw(scene)
    .resize(Math.round(scene.width / 3), Math.round(scene.height / 3))
    // Blurring first makes the boundaries between flats follow smooth contours instead of noise.
    .blur(2);
  const png = await guard(small.png({ palette: true, colours, dither: 0, effort: 3 }).toBuffer());
  return toRaw(
    fromEngineFile(png)
      .toColourspace('srgb')
      .removeAlpha()
      .resize(scene.width, scene.height, { kernel: 'cubic' }),
  );
}

/** Dark lines along edges (Sobel on luminance): grey pencil for paper styles, near-black ink otherwise. */
function outline(image: RawImage, strength: number, pencil: boolean): void {
  const { data, width, height, channels } = image;
  const lum = new Float32Array(width * height);
  for (let p = 0; p < lum.length; p++) {
    lum[p] = luma(data[p * channels]!, data[p * channels + 1]!, data[p * channels + 2]!);
  }
  const ink = pencil ? [62, 58, 54] : [28, 22, 34];
  const [from, span] = pencil ? [24, 90] : [40, 120];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const a = lum[p - width - 1]!;
      const b = lum[p - width]!;
      const c = lum[p - width + 1]!;
      const d = lum[p - 1]!;
      const f = lum[p + 1]!;
      const g = lum[p + width - 1]!;
      const h = lum[p + width]!;
      const k = lum[p + width + 1]!;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      const edge = Math.min(1, Math.max(0, (Math.sqrt(gx * gx + gy * gy) - from) / span)) * strength;
      if (edge <= 0) continue;
      const i = p * channels;
      data[i] = mix(data[i]!, ink[0]!, edge);
      data[i + 1] = mix(data[i + 1]!, ink[1]!, edge);
      data[i + 2] = mix(data[i + 2]!, ink[2]!, edge);
    }
  }
}

/** Diagonal pencil strokes in the shadows, crossed in the deepest ones. */
function hatch(image: RawImage, strength: number): void {
  const { data, width, height, channels } = image;
  const period = Math.max(7, Math.round(Math.min(width, height) / 110));
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += channels) {
      const l = luma(data[i]!, data[i + 1]!, data[i + 2]!);
      if (l >= 150) continue;
      const depth = (150 - l) / 150;
      let stroke = (x + y) % period < 1.6 ? depth : 0;
      if (l < 85 && (x - y + height * period) % period < 1.6) stroke = Math.max(stroke, depth);
      const k = 1 - stroke * strength * 0.55;
      data[i] = data[i]! * k;
      data[i + 1] = data[i + 1]! * k;
      data[i + 2] = data[i + 2]! * k;
    }
  }
}

/** Luminance mapped through night -> first neon -> second neon: the cyberpunk look, in the palette's lights. */
function duotone({ data, channels }: RawImage, amount: number, { neon, swatch }: Grading): void {
  const night = [0, 1, 2].map((c) => mix(swatch.dark[c]!, [10, 6, 30][c]!, 0.6));
  const [first, second] = neon;
  const lut = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    for (let c = 0; c < 3; c++) {
      lut[v * 3 + c] =
        t < 0.55 ? mix(night[c]!, first[c]!, t / 0.55) : mix(first[c]!, second[c]!, (t - 0.55) / 0.45);
    }
  }
  for (let i = 0; i < data.length; i += channels) {
    const v = Math.round(luma(data[i]!, data[i + 1]!, data[i + 2]!)) * 3;
    data[i] = mix(data[i]!, lut[v]!, amount);
    data[i + 1] = mix(data[i + 1]!, lut[v + 1]!, amount);
    data[i + 2] = mix(data[i + 2]!, lut[v + 2]!, amount);
  }
}
