/**
 * The studio set seen from above: where an upright product stands before an arch panel (backdrop.ts),
 * a product lying on the surface lies on a card in the palette's colours, as a flat-lay is styled on a
 * sheet of coloured paper. A rounded rectangle a little larger than the product, within the stage,
 * lifted off the surface by a soft shadow away from the key light; an ink edge for drawn styles, a neon
 * line for cyberpunk.
 */
import type { Box } from '../../art-direction/types';
import { fromSvg, toRaw, type RawImage } from '../../image/sharp';
import { hexOf as hex } from '../../pixels/color';
import type { Vignette } from './light';
import { drawOver } from './overlay';
import { mix, setPieceLook, type BackdropSpec } from './set-piece';

/** Room around the product on the card, as a share of the canvas' shorter side. */
const MARGIN = 0.06;

/** Where the card lies, in canvas pixels: around the product, inside the stage. */
export function cardBox({ product, stage, canvas }: BackdropSpec): Box {
  const margin = Math.min(canvas.width, canvas.height) * MARGIN;
  const width = Math.min(stage.width, product.width + 2 * margin);
  const height = Math.min(stage.height, product.height + 2 * margin);
  const clampTo = (v: number, from: number, span: number, size: number) =>
    Math.round(Math.min(Math.max(v, from), from + span - size));
  return {
    x: clampTo(product.x + product.width / 2 - width / 2, stage.x, stage.width, width),
    y: clampTo(product.y + product.height / 2 - height / 2, stage.y, stage.height, height),
    width: Math.round(width),
    height: Math.round(height),
  };
}

export async function drawFlatCard(scene: RawImage, spec: BackdropSpec, vignette: Vignette | null) {
  const box = cardBox(spec);
  if (box.width < 8 || box.height < 8) return null;
  const { grading, light } = spec;
  const { unit, dark, accent, pale, neon, inked } = setPieceLook(spec);
  const near = neon ? mix(dark, [0, 0, 0], 0.3) : mix(pale, accent, 0.2);
  const far = neon ? dark : mix(pale, accent, 0.34);
  const pad = Math.round(unit * 0.05);
  const r = Math.round(Math.min(box.width, box.height) * 0.08);
  const away = light.from === 'left' ? 1 : light.from === 'right' ? -1 : 0;
  const edge = neon
    ? `<rect x="${pad}" y="${pad}" width="${box.width}" height="${box.height}" rx="${r}" fill="none" stroke="${hex(grading.neon[0])}" stroke-width="${unit * 0.006}" opacity="0.8"/>`
    : inked
      ? `<rect x="${pad}" y="${pad}" width="${box.width}" height="${box.height}" rx="${r}" fill="none" stroke="${hex(dark)}" stroke-width="${unit * 0.004}"/>`
      : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width + 2 * pad}" height="${box.height + 2 * pad}">
    <defs>
      <linearGradient id="fill" x1="${away < 0 ? 1 : 0}" x2="${away < 0 ? 0 : 1}" y1="0" y2="1"><stop offset="0" stop-color="${hex(near)}"/><stop offset="1" stop-color="${hex(far)}"/></linearGradient>
      <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${unit * 0.01}"/></filter>
    </defs>
    <rect x="${pad}" y="${pad}" width="${box.width}" height="${box.height}" rx="${r}" transform="translate(${away * unit * 0.01} ${unit * 0.012})" fill="#000" opacity="0.3" filter="url(#soft)"/>
    <rect x="${pad}" y="${pad}" width="${box.width}" height="${box.height}" rx="${r}" fill="url(#fill)" opacity="${neon ? 0.9 : 0.97}"/>
    ${edge}
  </svg>`;
  const art = await toRaw(fromSvg(svg).ensureAlpha());
  drawOver(scene, art, box.x - pad, box.y - pad, vignette);
  return box;
}
