/**
 * Style effects that change the scene's structure, before grading: depth of field, the 3D-mockup
 * studio sweep, flat inked illustration, pencil and watercolour on paper; and the cyberpunk neon
 * duotone, which the grading pass applies (duotoneTone). Never applied to the product.
 */
import { luma709 } from '../../pixels/fixed-point';
import type { Box, Effects, Grading } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { mixRgb } from '../../pixels/color';
import { drawOnPaper } from './hand-drawn';
import type { Tone } from './grade';
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
  // The depth of field and the studio sweep are one pass over the rows.
  const focus =
    effects.depthOfField > 0 ? await defocusOf(out, effects.depthOfField, stage.groundY, blurred) : null;
  const sweep = effects.podium ? studioSweep(grading, stage, out.height) : null;
  if (focus || sweep) blendRows(out, focus, sweep);
  if (effects.flatColours > 0) {
    out = await illustrate(out, effects.flatColours, effects.outline, grading);
  } else if (effects.paper > 0) {
    out = await drawOnPaper(out, effects, seed);
  }
  return out;
}

/** The scene blurred, and per row the share of the blur in 1/256ths (0 sharp, 256 the blur as it is). */
type Focus = { soft: Buffer; weights: Int32Array };

/**
 * A shallow depth of field focused on the product: sharp at the ground line, fully defocused a third
 * of the picture above it, a little soft in the nearest foreground.
 */
async function defocusOf(
  scene: RawImage,
  amount: number,
  groundY: number,
  blurred?: Promise<Buffer> | null,
): Promise<Focus> {
  const { height } = scene;
  // libvips blurs at full size faster than it could enlarge a blurred half-size copy.
  const soft = await (blurred ??
    toRaw(fromRaw(scene).blur(defocusSigma(amount, scene))).then((image) => image.data));
  const reach = height * 0.3;
  const weights = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    const w =
      y < groundY ? Math.min(1, (groundY - y) / reach) ** 0.7 : Math.min(1, (y - groundY) / reach) * 0.45;
    weights[y] = Math.max(0, Math.min(256, Math.round(w * 256)));
  }
  return { soft, weights };
}

/** The blur of a depth of field of `amount` on a canvas of this size. */
export function defocusSigma(amount: number, { width, height }: { width: number; height: number }): number {
  return Math.max(1, amount * Math.min(width, height) * 0.011);
}

/** Per row, v -> (v * keep + add) >> 8 with add per channel: a backdrop laid over the scene. */
type Sweep = { keep: number; add: Int32Array };

/**
 * The seamless backdrop of a product render: a wall in the palette's colours curving into a floor a
 * little above the ground line, with the scene showing through faintly.
 */
function studioSweep(grading: Grading, stage: Stage, height: number): Sweep {
  const { accent, light, dark } = grading.swatch;
  // A light wall (text set on it reads without a scrim), a deeper floor for the podium to stand out on.
  const wallTop = mixRgb(light, accent, 0.3);
  const wall = mixRgb(light, accent, 0.45);
  const floor = mixRgb(mixRgb(accent, dark, 0.25), light, 0.2);
  const bend = stage.groundY - stage.box.height * 0.35;
  const soft = height * 0.12;
  const cover = 0.72;
  const add = new Int32Array(height * 3);
  for (let y = 0; y < height; y++) {
    const onFloor = Math.min(1, Math.max(0, (y - bend + soft) / (2 * soft)));
    const t = y / Math.max(1, bend);
    const backdrop = mixRgb(
      mixRgb(wallTop, wall, Math.min(1, t)),
      floor,
      onFloor * onFloor * (3 - 2 * onFloor),
    );
    for (let c = 0; c < 3; c++) add[y * 3 + c] = Math.round(backdrop[c]! * cover * 256);
  }
  // v -> v * (1 - cover) + backdrop * cover, in 1/256ths.
  return { keep: Math.round((1 - cover) * 256), add };
}

/** The depth of field's blur mixed in, then the sweep laid over, row by row. */
function blendRows({ data, width, height, channels }: RawImage, focus: Focus | null, sweep: Sweep | null) {
  for (let y = 0; y < height; y++) {
    const from = y * width * channels;
    const to = from + width * channels;
    const k = focus ? focus.weights[y]! : 0;
    if (sweep) {
      const { keep, add } = sweep;
      const r = add[y * 3]!;
      const g = add[y * 3 + 1]!;
      const b = add[y * 3 + 2]!;
      if (k > 0) mixSweepRow(data, focus!.soft, from, to, channels, k, keep, r, g, b);
      else sweepRow(data, from, to, channels, keep, r, g, b);
    } else if (k >= 256) {
      // Fully out of focus: the blurred row as it is.
      focus!.soft.copy(data, from, from, to);
    } else if (k > 0) {
      mixRow(data, focus!.soft, from, to, k);
    }
  }
}

/** data += (other - data) * k / 256 over [from, to): fixed point, one multiply per byte. */
function mixRow(data: Buffer, other: Buffer, from: number, to: number, k: number): void {
  for (let i = from; i < to; i++) {
    const v = data[i]!;
    data[i] = v + (((other[i]! - v) * k) >> 8);
  }
}

/** Each pixel of [from, to) times keep / 256, plus r, g, b / 256. */
function sweepRow(
  data: Buffer,
  from: number,
  to: number,
  channels: number,
  keep: number,
  r: number,
  g: number,
  b: number,
): void {
  for (let i = from; i < to; i += channels) {
    data[i] = (data[i]! * keep + r) >> 8;
    data[i + 1] = (data[i + 1]! * keep + g) >> 8;
    data[i + 2] = (data[i + 2]! * keep + b) >> 8;
  }
}

/** mixRow, then sweepRow, in one pass. */
function mixSweepRow(
  data: Buffer,
  other: Buffer,
  from: number,
  to: number,
  channels: number,
  k: number,
  keep: number,
  r: number,
  g: number,
  b: number,
): void {
  for (let i = from; i < to; i += channels) {
    const v0 = data[i]!;
    const v1 = data[i + 1]!;
    const v2 = data[i + 2]!;
    data[i] = ((v0 + (((other[i]! - v0) * k) >> 8)) * keep + r) >> 8;
    data[i + 1] = ((v1 + (((other[i + 1]! - v1) * k) >> 8)) * keep + g) >> 8;
    data[i + 2] = ((v2 + (((other[i + 2]! - v2) * k) >> 8)) * keep + b) >> 8;
  }
}

/**
 * The cyberpunk night: each luma level tinted toward the palette's night colour while keeping its
 * brightness (dimmed a little), mixed over the scene by `amount`. The scene's structure stays, in the
 * colours of a city at night; the neon comes as light (neonLight in surface.ts), not as paint. A tone
 * the grading pass applies first; null for none.
 */
export function duotoneTone(amount: number, { swatch }: Grading): Tone | null {
  if (amount <= 0) return null;
  const night = [0, 1, 2].map((c) => mix(swatch.dark[c]!, [10, 6, 30][c]!, 0.6));
  const nightLuma = Math.max(1, luma709(night[0]!, night[1]!, night[2]!));
  // Per luma level, the tone's share of each channel (times the amount), in 1/256ths.
  const add = new Int32Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const target = NIGHT_FLOOR + v * NIGHT_DIM;
    // The night's colour at this brightness, paler toward white: a bright sign stays bright.
    const chroma = 0.25 + 0.75 * (1 - v / 255);
    for (let c = 0; c < 3; c++) {
      const tone = target * (1 + (night[c]! / nightLuma - 1) * chroma);
      add[v * 3 + c] = Math.round(Math.min(255, Math.max(0, tone)) * amount * 256);
    }
  }
  return { keep: Math.round((1 - amount) * 256), add };
}

/** The night keeps this much of each pixel's brightness, above a floor: dark, never crushed. */
const NIGHT_DIM = 0.78;
const NIGHT_FLOOR = 6;
