/**
 * A picture's text as layers beside its text-free plate (the scene just before `finish` set its text):
 * each layer holds what the typesetting decided (the words as written, their language, the face, the
 * size as libvips's dpi, the measure they wrap at, the box, the colour and the effect behind them), so
 * setting the layers again on the plate, through the same code as the render, gives the picture back,
 * and a layer with other words, another size or place gives the edited picture.
 */
import type { Lang } from '@vitrine/shared/locale';
import type { Box, Rgb, TextRole, Typeface } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { drawText, type TextEffect } from './draw-text';
import { layoutAt, rectIn } from './text-layout';

/** The em of text set at a dpi, in px: the faces are described without a size, i.e. at 12 pt. */
export const emPx = (dpi: number) => (dpi * 12) / 72;
/** The dpi that sets text with an em of `px`. */
export const dpiForEm = (px: number) => (px * 72) / 12;

export type TextLayer = {
  /** The slogan or tagline the engine set, or a text added in the editor. */
  role: TextRole | 'text';
  /** The words as written: the language's typography and the face's capitals are applied when set. */
  text: string;
  language: Lang;
  typeface: Typeface;
  align: 'left' | 'center' | 'right';
  /** Where the text is set: across by `align`, centred down; a text taller or wider than it overflows it evenly. */
  box: Box;
  /** The size, as libvips's dpi (emPx gives the em in px), and the width the words wrap at (px). */
  dpi: number;
  measure: number;
  colour: Rgb;
  effect: TextEffect;
  outline?: { colour: Rgb; width: number };
  /** A band of colour behind the text. */
  band?: Rgb;
};

/** Share of the em kept around a text by its band, as the editor draws it. */
export const BAND_PAD = 0.3;

/** The plate with the layers set on it, in their order (a new image; the plate is not changed). */
export async function setLayers(plate: RawImage, layers: readonly TextLayer[]): Promise<RawImage> {
  const scene: RawImage = { ...plate, data: Buffer.from(plate.data) };
  for (const layer of layers) {
    const { mask } = await layoutAt(layer, layer.dpi, layer.measure);
    const rect = rectIn(grownTo(layer.box, mask, layer.align), layer.align, mask);
    await drawText(scene, {
      mask,
      rect,
      colour: layer.colour,
      effect: layer.effect,
      ...(layer.outline && { outline: layer.outline }),
      ...(layer.band && { band: { colour: layer.band, pad: Math.round(emPx(layer.dpi) * BAND_PAD) } }),
    });
  }
  return scene;
}

/** The box, grown about its centre (its left edge kept for left-aligned text) to hold the mask. */
function grownTo(box: Box, mask: { width: number; height: number }, align: TextLayer['align']): Box {
  const width = Math.max(box.width, mask.width);
  const height = Math.max(box.height, mask.height);
  if (width === box.width && height === box.height) return box;
  return {
    x: align === 'left' ? box.x : Math.round(box.x + (box.width - width) / 2),
    y: Math.round(box.y + (box.height - height) / 2),
    width,
    height,
  };
}
