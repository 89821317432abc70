/**
 * Typesetting of slogan and tagline in their planned boxes with the shipped fonts: French typography,
 * auto-fit, and a colour that reaches 4.5:1 against what lies behind, with a scrim when the scene
 * alone cannot give that.
 */
import type { Rgb, TextBlock } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { mixRgb } from '../../pixels/color';
import { luma709 } from '../../pixels/fixed-point';
import { coverageRow, NO_PRODUCT, type Coverage } from '../draw/coverage';
import { contrastRatio, levelAt, MIN_CONTRAST } from './contrast';
import type { FaceReport } from './face-check';
import { layoutText, shadowSigma, textShadow, type TextRect } from './text-layout';

export type TypesetReport = {
  role: TextBlock['role'];
  rendered: true;
  text: string;
  rect: TextRect;
  colour: Rgb;
  /** Contrast of the text colour against the worst 5 % of what lies behind it, scrim included. */
  contrast: number;
  scrim: boolean;
  /** The face the text was checked to be drawn with. */
  face: FaceReport;
};

const grey = (v: number): Rgb => [v, v, v];

/** Histogram of the grey levels (0-255 luma, rounded) of the scene inside a rectangle. */
function greys(scene: RawImage, rect: TextRect): Uint32Array {
  const histogram = new Uint32Array(256);
  const { data, width, channels } = scene;
  for (let y = 0; y < rect.height; y++) {
    const start = ((rect.y + y) * width + rect.x) * channels;
    const end = start + rect.width * channels;
    for (let i = start; i < end; i += channels) {
      histogram[Math.round(luma709(data[i]!, data[i + 1]!, data[i + 2]!))]!++;
    }
  }
  return histogram;
}

/** The two inks text may take: the lighter is used on dark scenes, the darker on light ones. */
export type Inks = { light: Rgb; dark: Rgb };

export async function typeset(
  scene: RawImage,
  blocks: TextBlock[],
  inks: Inks,
  product: Coverage = NO_PRODUCT,
): Promise<TypesetReport[]> {
  const reports: TypesetReport[] = [];
  for (const block of blocks) reports.push(await typesetBlock(scene, block, inks, product));
  return reports;
}

/** A palette's inks: its lightest colour pushed toward white, its darkest toward black. */
export const inksOf = (swatch: { light: Rgb; dark: Rgb }): Inks => ({
  light: mixRgb(swatch.light, [255, 255, 255], 0.6),
  dark: mixRgb(swatch.dark, [0, 0, 0], 0.3),
});

async function typesetBlock(
  scene: RawImage,
  block: TextBlock,
  { light, dark }: Inks,
  product: Coverage,
): Promise<TypesetReport> {
  const { text, mask, rect, face } = await layoutText(block);

  const behind = greys(scene, rect);
  const brightest = levelAt(behind, 0.95);
  const darkest = levelAt(behind, 0.05);
  const lightContrast = contrastRatio(light, grey(brightest));
  const darkContrast = contrastRatio(dark, grey(darkest));
  const useLight = lightContrast >= darkContrast;
  const colour = useLight ? light : dark;
  let contrast = Math.max(lightContrast, darkContrast);
  let scrim = false;
  // A small margin over 4.5 keeps JPEG and anti-aliasing from eating the guarantee.
  const target = MIN_CONTRAST + 0.4;
  if (contrast < target) {
    scrim = true;
    contrast = applyScrim(scene, rect, useLight, useLight ? brightest : darkest, colour, target, product);
  } else if (useLight) {
    await dropShadow(scene, mask, rect);
  }
  paint(scene, mask, rect, colour);
  return { role: block.role, rendered: true, text, rect, colour, contrast, scrim, face };
}

/**
 * Darkens (for light text) or lightens (for dark text) a soft-edged panel behind the text just enough
 * for the worst background pixel to reach the target contrast.
 */
function applyScrim(
  scene: RawImage,
  rect: TextRect,
  darken: boolean,
  worst: number,
  colour: Rgb,
  target: number,
  product: Coverage,
): number {
  let strength = 0;
  let contrast = 0;
  for (strength = 0.05; strength <= 1; strength += 0.05) {
    const after = darken ? worst * (1 - strength) : worst + (255 - worst) * strength;
    contrast = contrastRatio(colour, grey(after));
    if (contrast >= target) break;
  }
  strength = Math.min(1, strength);
  const pad = Math.round(Math.max(8, rect.height * 0.18));
  // A wide, smooth falloff reads as light in the scene, not as a box pasted behind the text.
  const feather = pad * 3;
  const x0 = Math.max(0, rect.x - pad - feather);
  const x1 = Math.min(scene.width, rect.x + rect.width + pad + feather);
  const y0 = Math.max(0, rect.y - pad - feather);
  const y1 = Math.min(scene.height, rect.y + rect.height + pad + feather);
  const ramp = (d: number) => Math.min(1, Math.max(0, d / feather));
  // The panel's weight is the smaller of a horizontal and a vertical ramp: one table per axis.
  const across = new Float32Array(x1 - x0);
  for (let x = x0; x < x1; x++) {
    across[x - x0] = Math.min(
      ramp(x - (rect.x - pad - feather)),
      ramp(rect.x + rect.width + pad + feather - x),
    );
  }
  const { data, width, channels } = scene;
  // Scrims never touch the product.
  const covered = new Float32Array(x1 - x0);
  for (let y = y0; y < y1; y++) {
    const wy = Math.min(ramp(y - (rect.y - pad - feather)), ramp(rect.y + rect.height + pad + feather - y));
    coverageRow(product, y, x0, x1, covered);
    for (let x = x0, i = (y * width + x0) * channels; x < x1; x++, i += channels) {
      const w = strength * Math.min(wy, across[x - x0]!) * (1 - covered[x - x0]!);
      if (w <= 0) continue;
      if (darken) {
        data[i] = data[i]! * (1 - w);
        data[i + 1] = data[i + 1]! * (1 - w);
        data[i + 2] = data[i + 2]! * (1 - w);
      } else {
        data[i] = data[i]! + (255 - data[i]!) * w;
        data[i + 1] = data[i + 1]! + (255 - data[i + 1]!) * w;
        data[i + 2] = data[i + 2]! + (255 - data[i + 2]!) * w;
      }
    }
  }
  return contrast;
}

/** A soft shadow under light text, for depth; it only ever darkens what is behind the glyphs. */
async function dropShadow(scene: RawImage, mask: RawImage, rect: TextRect): Promise<void> {
  const sigma = shadowSigma(rect.height);
  const pad = Math.ceil(sigma * 3);
  const blurred = await textShadow(mask, sigma);
  const offset = Math.max(1, Math.round(sigma * 0.6));
  const { data, width, channels } = scene;
  for (let y = 0; y < blurred.height; y++) {
    const sy = rect.y - pad + y + offset;
    if (sy < 0 || sy >= scene.height) continue;
    for (let x = 0; x < blurred.width; x++) {
      const sx = rect.x - pad + x + offset;
      if (sx < 0 || sx >= width) continue;
      const k = (blurred.data[y * blurred.width + x]! / 255) * 0.45;
      if (k <= 0) continue;
      const i = (sy * width + sx) * channels;
      data[i] = data[i]! * (1 - k);
      data[i + 1] = data[i + 1]! * (1 - k);
      data[i + 2] = data[i + 2]! * (1 - k);
    }
  }
}

function paint(scene: RawImage, mask: RawImage, rect: TextRect, colour: Rgb): void {
  const { data, width, channels } = scene;
  const [r, g, b] = colour;
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const a = mask.data[y * mask.width + x]! / 255;
      if (a === 0) continue;
      const i = ((rect.y + y) * width + rect.x + x) * channels;
      data[i] = r * a + data[i]! * (1 - a);
      data[i + 1] = g * a + data[i + 1]! * (1 - a);
      data[i + 2] = b * a + data[i + 2]! * (1 - a);
    }
  }
}
