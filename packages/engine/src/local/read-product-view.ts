/**
 * Reads how the product photo was taken: from the front (a wall, a sea, a backdrop rises behind the
 * product, a different region from the surface it stands on) or from above (the surface it lies on
 * runs on behind it: an asphalt, a bench, a sheet of paper seen from a high angle or straight down).
 * Such a product stands badly upright on an eye-level scene; it lies on the scene's surface seen from
 * above instead (art-direction/plan.ts). On a small copy of the photo, around the cut-out.
 *
 * The measure: the background's colour (CIELAB) and its texture beside and behind the product's top
 * against beside and under its base. One surface continues when the two agree. On a plain background
 * (no texture to compare), a studio packshot shows a backdrop's fall-off or a horizon between the two
 * and reads as a front view, as does a packshot cleaned to pure white; one even sheet all around, not
 * cleaned to white, is a flat-lay.
 *
 * It also says how long the product's silhouette is against its width (`elongation`): seen from above,
 * a compact product stood when photographed and a long one may lie at a slant (art-direction/plan.ts).
 */
import type { ProductViewReading } from '../art-direction/scene-reading';
import type { Cutout } from '../cutout/cutout';
import { leanOf } from '../cutout/upright';
import { toRaw, fromRaw, type RawImage } from '../image/sharp';
import { rgbToLab } from '../pixels/color';
import { lumaPlane } from '../pixels/fixed-point';

/** The copy the photo is read on. */
const READ_WIDTH = 160;
/** Colour difference (CIELAB ΔE) under which the two bands are one surface. */
const SAME_SURFACE = 12;
/** Texture (mean luma gradient on the small copy) under which a background is a plain backdrop. */
const PLAIN = 2.2;
/** Texture under which a background has no sensor noise at all: made digitally, not photographed. */
const DIGITAL = 0.3;
/** On a plain background, a difference under this is one sheet lying flat (no backdrop's fall-off). */
const ONE_SHEET = 3;
/** A background lighter than this (CIELAB L*) is a packshot cleaned to white: shot upright, from the front. */
const CLEANED_WHITE = 98;
/** The two bands' textures may differ by this factor at most and still be one surface. */
const TEXTURE_RATIO = 2;
/** A band needs this many background pixels to be read. */
const LEAST_PIXELS = 60;

type Band = { lab: [number, number, number]; texture: number; pixels: number };

export async function readProductView(photo: RawImage, cutout: Cutout): Promise<ProductViewReading> {
  if (cutout.method === 'framed') return { view: 'front', reason: 'framed' };
  const shape = leanOf(cutout.image);
  const reading = await readBackground(photo, cutout);
  return shape ? { ...reading, elongation: round(shape.elongation) } : reading;
}

async function readBackground(photo: RawImage, cutout: Cutout): Promise<ProductViewReading> {
  const width = Math.min(READ_WIDTH, photo.width);
  const scale = width / photo.width;
  const height = Math.max(8, Math.round(photo.height * scale));
  const small = await toRaw(fromRaw(photo).removeAlpha().resize(width, height, { fit: 'fill' }));
  const isProduct = productTest(cutout, 1 / scale);
  const box = {
    left: cutout.offset.x * scale,
    top: cutout.offset.y * scale,
    right: (cutout.offset.x + cutout.image.width) * scale,
    bottom: (cutout.offset.y + cutout.image.height) * scale,
  };
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  const columns = [Math.max(1, box.left - 0.6 * w), Math.min(width - 1, box.right + 0.6 * w)] as const;
  const grey = lumaPlane(small);
  const read = (from: number, to: number) =>
    bandOf(small, grey, isProduct, columns, [Math.max(1, from), Math.min(height - 1, to)]);
  const behind = read(box.top - 0.3 * h, box.top + 0.3 * h);
  const under = read(box.bottom - 0.2 * h, box.bottom + 0.3 * h);
  if (behind.pixels < LEAST_PIXELS || under.pixels < LEAST_PIXELS)
    return { view: 'front', reason: 'no-background' };
  const difference = Math.hypot(...behind.lab.map((v, i) => v - under.lab[i]!));
  const texture = Math.min(behind.texture, under.texture);
  const ratio = Math.max(behind.texture, under.texture) / Math.max(texture, 1e-3);
  const measures = { difference: round(difference), texture: round(texture), ratio: round(ratio) };
  // Not a grain of sensor noise: a backdrop made digitally (a packshot cleaned to a flat colour, a drawn
  // product), shot upright.
  if (texture < DIGITAL) return { view: 'front', reason: 'plain-backdrop', ...measures };
  if (texture < PLAIN) {
    const sheet = difference < ONE_SHEET && Math.min(behind.lab[0], under.lab[0]) < CLEANED_WHITE;
    return { view: sheet ? 'top' : 'front', reason: sheet ? 'one-sheet' : 'plain-backdrop', ...measures };
  }
  const one = difference < SAME_SURFACE && ratio < TEXTURE_RATIO;
  return { view: one ? 'top' : 'front', reason: one ? 'one-surface' : 'backdrop-behind', ...measures };
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Whether a small copy's pixel is the product or next to it (its alpha, 2 pixels around). */
function productTest(cutout: Cutout, step: number): (x: number, y: number) => boolean {
  const { image, offset } = cutout;
  const alphaAt = (x: number, y: number) => {
    const px = Math.round(x * step) - offset.x;
    const py = Math.round(y * step) - offset.y;
    if (px < 0 || py < 0 || px >= image.width || py >= image.height) return 0;
    return image.data[(py * image.width + px) * image.channels + image.channels - 1]!;
  };
  return (x, y) => {
    for (const [dx, dy] of NEAR) if (alphaAt(x + dx, y + dy) > 16) return true;
    return false;
  };
}

const NEAR = [
  [0, 0],
  [-2, 0],
  [2, 0],
  [0, -2],
  [0, 2],
] as const;

/** Mean colour and texture of the background in a band of rows, between two columns. */
function bandOf(
  small: RawImage,
  grey: Float32Array,
  isProduct: (x: number, y: number) => boolean,
  [left, right]: readonly [number, number],
  [top, bottom]: readonly [number, number],
): Band {
  const { width, data, channels } = small;
  const lab = new Float32Array(3);
  const sum: [number, number, number] = [0, 0, 0];
  let texture = 0;
  let pixels = 0;
  for (let y = Math.round(top); y < Math.round(bottom); y++) {
    for (let x = Math.round(left); x < Math.round(right); x++) {
      if (isProduct(x, y)) continue;
      const p = y * width + x;
      rgbToLab(data[p * channels]!, data[p * channels + 1]!, data[p * channels + 2]!, lab, 0);
      sum[0] += lab[0]!;
      sum[1] += lab[1]!;
      sum[2] += lab[2]!;
      texture += Math.abs(grey[p + 1]! - grey[p - 1]!) + Math.abs(grey[p + width]! - grey[p - width]!);
      pixels++;
    }
  }
  const n = Math.max(1, pixels);
  return { lab: [sum[0] / n, sum[1] / n, sum[2] / n], texture: texture / (2 * n), pixels };
}
