/**
 * Typesetting of slogan and tagline in their planned boxes with the shipped fonts: French typography,
 * auto-fit, and a colour that reaches 4.5:1 against what lies behind, with a scrim when the scene
 * alone cannot give that.
 */
import type { Rgb, TextBlock } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { mixRgb } from '../../pixels/color';
import { luma709 } from '../../pixels/fixed-point';
import { NO_PRODUCT, type Coverage } from '../draw/coverage';
import { contrastRatio, levelAt, MIN_CONTRAST } from './contrast';
import { drawText, type TextEffect } from './draw-text';
import type { FaceReport } from './face-check';
import type { TextLayer } from './layers';
import { layoutText, type TextRect } from './text-layout';

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
  return (await typesetLayers(scene, blocks, inks, product)).map(({ report }) => report);
}

/** A text as set: its report, and the layer that sets it again the same way (layers.ts). */
export type SetLayer = { report: TypesetReport; layer: TextLayer };

export async function typesetLayers(
  scene: RawImage,
  blocks: TextBlock[],
  inks: Inks,
  product: Coverage = NO_PRODUCT,
): Promise<SetLayer[]> {
  const set: SetLayer[] = [];
  for (const block of blocks) {
    // The tagline never outgrows the slogan: a slogan wrapped on two lines is set smaller than a
    // one-line tagline would be.
    const slogan = set.find(({ layer }) => layer.role === 'slogan');
    const largest = block.role === 'tagline' && slogan ? slogan.layer.dpi * TAGLINE_AT_MOST : Infinity;
    set.push(await typesetBlock(scene, block, inks, product, largest));
  }
  return set;
}

/** The tagline's size at most, relative to the slogan's. */
const TAGLINE_AT_MOST = 0.72;

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
  largest = Infinity,
): Promise<SetLayer> {
  const { text, mask, rect, face, dpi, measure } = await layoutText(block, largest);

  const behind = greys(scene, rect);
  const brightest = levelAt(behind, 0.95);
  const darkest = levelAt(behind, 0.05);
  const lightContrast = contrastRatio(light, grey(brightest));
  const darkContrast = contrastRatio(dark, grey(darkest));
  const useLight = lightContrast >= darkContrast;
  const colour = useLight ? light : dark;
  let contrast = Math.max(lightContrast, darkContrast);
  let effect: TextEffect = useLight ? { kind: 'shadow' } : { kind: 'none' };
  // A small margin over 4.5 keeps JPEG and anti-aliasing from eating the guarantee.
  const target = MIN_CONTRAST + 0.4;
  if (contrast < target) {
    const scrim = scrimFor(useLight, useLight ? brightest : darkest, colour, target);
    effect = { kind: 'scrim', darken: useLight, strength: scrim.strength };
    contrast = scrim.contrast;
  }
  await drawText(scene, { mask, rect, colour, effect }, product);
  const { role, text: words, language, typeface, align, box } = block;
  return {
    report: { role, rendered: true, text, rect, colour, contrast, scrim: effect.kind === 'scrim', face },
    layer: { role, text: words, language, typeface, align, box, dpi, measure, colour, effect },
  };
}

function scrimFor(darken: boolean, worst: number, colour: Rgb, target: number) {
  let strength = 0;
  let contrast = 0;
  for (strength = 0.05; strength <= 1; strength += 0.05) {
    const after = darken ? worst * (1 - strength) : worst + (255 - worst) * strength;
    contrast = contrastRatio(colour, grey(after));
    if (contrast >= target) break;
  }
  return { strength: Math.min(1, strength), contrast };
}
