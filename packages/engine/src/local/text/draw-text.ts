/**
 * Drawing set text on a scene: its effect (the soft shadow under light text, or the scrim behind text
 * the scene alone cannot carry), an outline and a band behind it when a layer asks for them, then the
 * text in its colour. The render and a text layer set again draw through the same code.
 */
import type { Rgb } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { coverageRow, NO_PRODUCT, type Coverage } from '../draw/coverage';
import { shadowSigma, textShadow, type TextRect } from './text-layout';

/** What is drawn behind a text besides its outline: nothing, a soft shadow, or a scrim. */
export type TextEffect =
  | { kind: 'none' }
  | { kind: 'shadow' }
  /** `darken` for light text; `strength` is the panel's weight at the text (0 to 1). */
  | { kind: 'scrim'; darken: boolean; strength: number };

export type TextPaint = {
  mask: RawImage;
  rect: TextRect;
  colour: Rgb;
  effect: TextEffect;
  /** A line of this width (px) in this colour around the glyphs. */
  outline?: { colour: Rgb; width: number };
  /** A band of this colour behind the text, with a margin of `pad` px. */
  band?: { colour: Rgb; pad: number };
};

/** Draws a set text and what goes with it; a scrim never touches the product. */
export async function drawText(scene: RawImage, text: TextPaint, product: Coverage = NO_PRODUCT) {
  const { mask, rect, colour, effect, outline, band } = text;
  if (band) fillBand(scene, rect, band.colour, band.pad);
  if (effect.kind === 'scrim') applyScrim(scene, rect, effect.darken, effect.strength, product);
  else if (effect.kind === 'shadow') await dropShadow(scene, mask, rect);
  if (outline && outline.width > 0) {
    const pad = Math.ceil(outline.width);
    const grown = await toRaw(
      fromRaw(mask)
        .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
        .dilate(pad)
        .extractChannel(0),
    );
    const around = {
      x: rect.x - pad,
      y: rect.y - pad,
      width: rect.width + 2 * pad,
      height: rect.height + 2 * pad,
    };
    paint(scene, grown, around, outline.colour);
  }
  paint(scene, mask, rect, colour);
}

function fillBand(scene: RawImage, rect: TextRect, colour: Rgb, pad: number) {
  const { data, width, channels } = scene;
  const x0 = Math.max(0, rect.x - pad);
  const x1 = Math.min(width, rect.x + rect.width + pad);
  const y0 = Math.max(0, rect.y - pad);
  const y1 = Math.min(scene.height, rect.y + rect.height + pad);
  for (let y = y0; y < y1; y++) {
    for (let x = x0, i = (y * width + x0) * channels; x < x1; x++, i += channels) {
      data[i] = colour[0];
      data[i + 1] = colour[1];
      data[i + 2] = colour[2];
    }
  }
}

/** A side of the scrim this close to the frame's edge (a share of its width) runs on to it. */
const TO_EDGE = 0.1;

/**
 * The panel of a scrim: `strength` at the text, fading out around it, never over the product. The fall
 * is smooth and its corners round (the two axes' weights multiplied), and a side that comes within a
 * feather and a half (or a tenth of the width) of the frame's edge runs on to it: a panel that stopped just short of the edge, or
 * ended in a straight ramp, read as a grey box pasted behind the headline.
 */
function applyScrim(
  scene: RawImage,
  rect: TextRect,
  darken: boolean,
  strength: number,
  product: Coverage,
): void {
  const pad = Math.round(Math.max(8, rect.height * 0.18));
  const feather = pad * 3;
  const left = rect.x - pad;
  const right = rect.x + rect.width + pad;
  const reach = Math.max(feather * 1.5, scene.width * TO_EDGE);
  const toLeft = left <= reach;
  const toRight = scene.width - right <= reach;
  const x0 = toLeft ? 0 : Math.max(0, left - feather);
  const x1 = toRight ? scene.width : Math.min(scene.width, right + feather);
  const y0 = Math.max(0, rect.y - pad - feather);
  const y1 = Math.min(scene.height, rect.y + rect.height + pad + feather);
  const fall = (d: number) => {
    const t = Math.min(1, Math.max(0, d / feather));
    return t * t * (3 - 2 * t);
  };
  const across = new Float32Array(x1 - x0);
  for (let x = x0; x < x1; x++)
    across[x - x0] = (toLeft ? 1 : fall(x - (left - feather))) * (toRight ? 1 : fall(right + feather - x));
  const { data, width, channels } = scene;
  // Scrims never touch the product.
  const covered = new Float32Array(x1 - x0);
  for (let y = y0; y < y1; y++) {
    const wy = fall(y - (rect.y - pad - feather)) * fall(rect.y + rect.height + pad + feather - y);
    coverageRow(product, y, x0, x1, covered);
    for (let x = x0, i = (y * width + x0) * channels; x < x1; x++, i += channels) {
      const w = strength * wy * across[x - x0]! * (1 - covered[x - x0]!);
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

/** The mask's coverage blended in one colour over the scene, cut to the scene's edges. */
function paint(scene: RawImage, mask: RawImage, rect: TextRect, colour: Rgb): void {
  const { data, width, channels } = scene;
  const [r, g, b] = colour;
  const x0 = Math.max(0, -rect.x);
  const x1 = Math.min(rect.width, width - rect.x);
  const y0 = Math.max(0, -rect.y);
  const y1 = Math.min(rect.height, scene.height - rect.y);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const a = mask.data[y * mask.width + x]! / 255;
      if (a === 0) continue;
      const i = ((rect.y + y) * width + rect.x + x) * channels;
      data[i] = r * a + data[i]! * (1 - a);
      data[i + 1] = g * a + data[i + 1]! * (1 - a);
      data[i + 2] = b * a + data[i + 2]! * (1 - a);
    }
  }
}
