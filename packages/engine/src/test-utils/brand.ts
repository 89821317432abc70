/**
 * Measures of a brand's marks on a rendered image, for the brand tests: a logo drawn for them, how
 * closely a rectangle of the image shows it, a text's contrast read from the image's pixels, and the
 * colour of a strip of the image.
 */
import sharp from 'sharp';
import type { Box, Rgb } from '../art-direction/types';
import { toRaw, type RawImage } from '../image/sharp';
import { rgbToLab } from '../pixels/color';
import { relativeLuminance } from '../local/text/contrast';
import type { TextLayer } from '../local/text/layers';
import { layoutAt } from '../local/text/text-layout';

/**
 * A round badge with transparent corners, in colours that are none of the brand's (a red disc, a white
 * bar): seen where the metadata says, it can only be the logo.
 */
export function drawnLogo(width = 240, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2 - 4}" ry="${height / 2 - 4}" fill="#d2232a"/>
    <rect x="${width * 0.2}" y="${height * 0.42}" width="${width * 0.6}" height="${height * 0.16}" fill="#ffffff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * How far the image's pixels in `box` are from the logo resized to it, as the mean absolute difference
 * (0-255) over the logo's opaque pixels, a few pixels in from its edges.
 */
export async function logoDifference(image: RawImage, logo: Buffer, box: Box): Promise<number> {
  const sized = await toRaw(
    sharp(logo).resize(box.width, box.height, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha(),
  );
  let sum = 0;
  let count = 0;
  for (let y = 3; y < sized.height - 3; y++) {
    for (let x = 3; x < sized.width - 3; x++) {
      const i = (y * sized.width + x) * 4;
      if (sized.data[i + 3]! < 255) continue;
      const o = ((box.y + y) * image.width + box.x + x) * image.channels;
      for (let c = 0; c < 3; c++) sum += Math.abs(sized.data[i + c]! - image.data[o + c]!);
      count += 3;
    }
  }
  if (!count) throw new Error('the logo has no opaque pixel');
  return sum / count;
}

const pixel = (image: RawImage, x: number, y: number): Rgb => {
  const i = (y * image.width + x) * image.channels;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
};

/** The median of a list of numbers. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * A text's contrast read on the image: the WCAG contrast between its glyphs' median luminance and the
 * worst 5 % of what lies around them inside its rectangle (the brightest under light text, the
 * darkest under dark text). The glyphs are found from the layer, set again as the editor sets it.
 */
export async function measuredContrast(image: RawImage, layer: TextLayer, rect: Box): Promise<number> {
  const { mask } = await layoutAt(layer, layer.dpi, layer.measure);
  const glyph: number[] = [];
  const ground: number[] = [];
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= mask.width || y >= mask.height ? 0 : mask.data[y * mask.width + x]!;
  for (let y = 0; y < Math.min(rect.height, mask.height); y++) {
    for (let x = 0; x < Math.min(rect.width, mask.width); x++) {
      let near = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) near = Math.max(near, at(x + dx, y + dy));
      const luminance = relativeLuminance(pixel(image, rect.x + x, rect.y + y));
      if (at(x, y) === 255) glyph.push(luminance);
      else if (near === 0) ground.push(luminance);
    }
  }
  const text = median(glyph);
  const sorted = ground.sort((a, b) => a - b);
  const textIsLight = text > median(sorted);
  const worst = textIsLight
    ? sorted[Math.floor(sorted.length * 0.95)]!
    : sorted[Math.floor(sorted.length * 0.05)]!;
  return (Math.max(text, worst) + 0.05) / (Math.min(text, worst) + 0.05);
}

/** The median colour of the glyphs of a text on the image (the ink it was set in, as seen). */
export async function inkSeen(image: RawImage, layer: TextLayer, rect: Box): Promise<Rgb> {
  const { mask } = await layoutAt(layer, layer.dpi, layer.measure);
  const channels: number[][] = [[], [], []];
  for (let y = 0; y < Math.min(rect.height, mask.height); y++)
    for (let x = 0; x < Math.min(rect.width, mask.width); x++) {
      if (mask.data[y * mask.width + x]! < 255) continue;
      pixel(image, rect.x + x, rect.y + y).forEach((v, c) => channels[c]!.push(v));
    }
  return channels.map(median) as unknown as Rgb;
}

/** The mean absolute difference (0-255 per channel) of two images of one size in a rectangle. */
export function meanDifference(a: RawImage, b: RawImage, box: Box): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const [p, q] = [pixel(a, x, y), pixel(b, x, y)];
      for (let c = 0; c < 3; c++) sum += Math.abs(p[c]! - q[c]!);
    }
  return sum / (box.width * box.height * 3);
}

/** The mean colour of the image in a rectangle. */
export function meanColour(image: RawImage, box: Box): Rgb {
  const sum = [0, 0, 0];
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) pixel(image, x, y).forEach((v, c) => (sum[c]! += v));
  const n = box.width * box.height;
  return sum.map((v) => v / n) as unknown as Rgb;
}

/** ΔE76 between two sRGB colours. */
export function deltaE(a: Rgb, b: Rgb): number {
  const lab = new Float32Array(6);
  rgbToLab(...(a.map(Math.round) as [number, number, number]), lab, 0);
  rgbToLab(...(b.map(Math.round) as [number, number, number]), lab, 3);
  return Math.hypot(lab[0]! - lab[3]!, lab[1]! - lab[4]!, lab[2]! - lab[5]!);
}

/** The angle (degrees) between two colours' hues in CIELAB. */
export function hueGap(a: Rgb, b: Rgb): number {
  const lab = new Float32Array(6);
  rgbToLab(...(a.map(Math.round) as [number, number, number]), lab, 0);
  rgbToLab(...(b.map(Math.round) as [number, number, number]), lab, 3);
  const gap = Math.abs(Math.atan2(lab[2]!, lab[1]!) - Math.atan2(lab[5]!, lab[4]!)) * (180 / Math.PI);
  return Math.min(gap, 360 - gap);
}

/** The area two rectangles share. */
export function shared(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
