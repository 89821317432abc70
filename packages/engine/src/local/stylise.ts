/**
 * Style effects that change the scene's structure, before grading: depth of field, the 3D-mockup
 * studio sweep, flat inked illustration, pencil and watercolour on paper, and the cyberpunk neon
 * duotone. Never applied to the product.
 */
import type { Box, Effects, Grading } from '../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { mixRgb } from './color';
import { drawOnPaper } from './hand-drawn';
import { illustrate } from './illustrate';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/** Where the product stands: depth of field and the studio sweep are laid out around it. */
export type Stage = { box: Box; groundY: number };

/**
 * `blurred`, when given, is the scene already blurred by defocusSigma (frameScene makes it while the
 * scene is framed).
 */
export async function styliseStructure(
  scene: RawImage,
  effects: Effects,
  grading: Grading,
  stage: Stage,
  seed = 1,
  blurred?: Promise<Buffer> | null,
): Promise<RawImage> {
  let out = scene;
  if (effects.depthOfField > 0) out = await defocus(out, effects.depthOfField, stage.groundY, blurred);
  if (effects.podium) studioSweep(out, grading, stage);
  if (effects.flatColours > 0) {
    out = await illustrate(out, effects.flatColours, effects.outline, grading);
  } else if (effects.paper > 0) {
    out = await drawOnPaper(out, effects, seed);
  }
  if (effects.duotone > 0) duotone(out, effects.duotone, grading);
  return out;
}

/**
 * A shallow depth of field focused on the product: sharp at the ground line, fully defocused a third
 * of the picture above it, a little soft in the nearest foreground.
 */
async function defocus(
  scene: RawImage,
  amount: number,
  groundY: number,
  blurred?: Promise<Buffer> | null,
): Promise<RawImage> {
  const { width, height, channels, data } = scene;
  // libvips blurs at full size faster than it could enlarge a blurred half-size copy.
  const soft = await (blurred ??
    toRaw(fromRaw(scene).blur(defocusSigma(amount, scene))).then((image) => image.data));
  const reach = height * 0.3;
  for (let y = 0; y < height; y++) {
    const w =
      y < groundY ? Math.min(1, (groundY - y) / reach) ** 0.7 : Math.min(1, (y - groundY) / reach) * 0.45;
    const k = Math.round(w * 256);
    if (k <= 0) continue;
    const from = y * width * channels;
    const to = from + width * channels;
    // Fully out of focus: the blurred row as it is.
    if (k >= 256) soft.copy(data, from, from, to);
    else mixRow(data, soft, from, to, k);
  }
  return scene;
}

/** The blur of a depth of field of `amount` on a canvas of this size. */
export function defocusSigma(amount: number, { width, height }: { width: number; height: number }): number {
  return Math.max(1, amount * Math.min(width, height) * 0.011);
}

/** data += (other - data) * k / 256 over [from, to): fixed point, one multiply per byte. */
function mixRow(data: Buffer, other: Buffer, from: number, to: number, k: number): void {
  for (let i = from; i < to; i++) {
    const v = data[i]!;
    data[i] = v + (((other[i]! - v) * k) >> 8);
  }
}

/**
 * The seamless backdrop of a product render: a wall in the palette's colours curving into a floor a
 * little above the ground line, with the scene showing through faintly.
 */
function studioSweep({ data, width, height, channels }: RawImage, grading: Grading, stage: Stage): void {
  const { accent, light, dark } = grading.swatch;
  // A light wall (text set on it reads without a scrim), a deeper floor for the podium to stand out on.
  const wallTop = mixRgb(light, accent, 0.3);
  const wall = mixRgb(light, accent, 0.45);
  const floor = mixRgb(mixRgb(accent, dark, 0.25), light, 0.2);
  const bend = stage.groundY - stage.box.height * 0.35;
  const soft = height * 0.12;
  const cover = 0.72;
  for (let y = 0; y < height; y++) {
    const onFloor = Math.min(1, Math.max(0, (y - bend + soft) / (2 * soft)));
    const t = y / Math.max(1, bend);
    const backdrop = mixRgb(
      mixRgb(wallTop, wall, Math.min(1, t)),
      floor,
      onFloor * onFloor * (3 - 2 * onFloor),
    );
    // v -> v * (1 - cover) + backdrop * cover, in 1/256ths.
    const keep = Math.round((1 - cover) * 256);
    const r = Math.round(backdrop[0]! * cover * 256);
    const g = Math.round(backdrop[1]! * cover * 256);
    const b = Math.round(backdrop[2]! * cover * 256);
    for (let i = y * width * channels, end = i + width * channels; i < end; i += channels) {
      data[i] = (data[i]! * keep + r) >> 8;
      data[i + 1] = (data[i + 1]! * keep + g) >> 8;
      data[i + 2] = (data[i + 2]! * keep + b) >> 8;
    }
  }
}

/** Luminance mapped through night -> first neon -> second neon: the cyberpunk look, in the palette's lights. */
function duotone({ data, channels }: RawImage, amount: number, { neon, swatch }: Grading): void {
  const night = [0, 1, 2].map((c) => mix(swatch.dark[c]!, [10, 6, 30][c]!, 0.6));
  const [first, second] = neon;
  // Per luma level, the tone's share of each channel (times the amount), in 1/256ths.
  const lut = new Int32Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    // Mid-tones fall toward night: the scene reads dark, lit by neon only where it was bright.
    const t = (v / 255) ** 2.8;
    for (let c = 0; c < 3; c++) {
      const tone = t < 0.6 ? mix(night[c]!, first[c]!, t / 0.6) : mix(first[c]!, second[c]!, (t - 0.6) / 0.4);
      lut[v * 3 + c] = Math.round(tone * amount * 256);
    }
  }
  const keep = Math.round((1 - amount) * 256);
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const l = ((54 * r + 183 * g + 19 * b) >> 8) * 3;
    data[i] = (r * keep + lut[l]!) >> 8;
    data[i + 1] = (g * keep + lut[l + 1]!) >> 8;
    data[i + 2] = (b * keep + lut[l + 2]!) >> 8;
  }
}
