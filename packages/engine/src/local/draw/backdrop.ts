/**
 * The backdrop shot's panel: an arch in the palette's colours standing behind the product, as a shop
 * window or a photographer's set would place it. It stands a little behind the product's ground line,
 * within the stage (clear of every text place), and takes the style's line: an ink outline for drawn
 * styles, a neon tube for cyberpunk.
 */
import type { Box, FusionPlan } from '../../art-direction/types';
import { fromSvg, toRaw, type RawImage } from '../../image/sharp';
import type { Vignette } from './light';
import { drawOver } from './overlay';
import { hexOf as hex } from '../../pixels/color';
import { discBox } from './flat-lay';
import type { Placement } from './placement';
import { mix, setPieceLook, type BackdropSpec } from './set-piece';
import { shadowDirection } from './light-direction';

/** Where the arch stands, in canvas pixels: its left, top, width and height (its foot is the bottom). */
export function archBox({ product, stage, groundY, canvas }: BackdropSpec): Box {
  const unit = Math.min(canvas.width, canvas.height);
  const width = Math.round(Math.min(stage.width, Math.max(product.width * 1.45, unit * 0.38)));
  const centre = product.x + product.width / 2;
  const x = Math.round(Math.min(Math.max(centre - width / 2, stage.x), stage.x + stage.width - width));
  const foot = groundY - Math.round(0.015 * canvas.height);
  const tallest = foot - stage.y;
  const height = Math.round(Math.max(0, Math.min(tallest, product.height * 1.25 + width * 0.4)));
  return { x, y: foot - height, width, height };
}

/** What the studio set adds to the picture besides the product: its panel or card (none on other shots). */
export function setPieces(plan: FusionPlan, product: Placement): Box[] {
  if (plan.shot !== 'backdrop') return [];
  const { stage, groundY } = plan.product;
  const box = (plan.view === 'top' ? discBox : archBox)({ ...plan, product, stage, groundY });
  return box.width >= 8 && box.height >= 8 ? [box] : [];
}

export async function drawBackdrop(scene: RawImage, spec: BackdropSpec, vignette: Vignette | null) {
  const box = archBox(spec);
  if (box.width < 8 || box.height < 8) return null;
  const { grading, light } = spec;
  const { unit, dark, accent, pale, neon, inked } = setPieceLook(spec);
  const top = neon ? mix(dark, [0, 0, 0], 0.35) : mix(pale, accent, 0.18);
  const foot = neon ? dark : mix(pale, accent, 0.42);
  const pad = Math.round(unit * 0.04);
  const w = box.width + 2 * pad;
  const h = box.height + 2 * pad;
  const r = Math.min(box.width / 2, box.height);
  const [x0, x1, yTop, yFoot] = [pad, pad + box.width, pad, pad + box.height];
  const arch = `M${x0} ${yFoot} V${yTop + r} A${r} ${r} 0 0 1 ${x1} ${yTop + r} V${yFoot} Z`;
  // Its shadow falls away from the key light, onto the wall behind.
  const dx = shadowDirection(light).x * unit * 0.012;
  const line = neon
    ? `<path d="${arch}" fill="none" stroke="${hex(grading.neon[0])}" stroke-width="${unit * 0.012}" opacity="0.55" filter="url(#glow)"/>
       <path d="${arch}" fill="none" stroke="${hex(mix(grading.neon[0], [255, 255, 255], 0.5))}" stroke-width="${unit * 0.004}"/>`
    : inked
      ? `<path d="${arch}" fill="none" stroke="${hex(dark)}" stroke-width="${unit * 0.004}" stroke-linejoin="round"/>`
      : `<path d="${arch}" fill="none" stroke="${hex(mix(pale, [255, 255, 255], 0.5))}" stroke-width="${unit * 0.003}" opacity="0.7"/>`;
  // A prop at the panel's foot, on the side away from the light: a ball in the palette's accent, lit
  // from the key light's side, with its contact shadow on the floor.
  const ball = Math.round(Math.min(box.width * 0.11, Math.max(unit * 0.035, spec.product.height * 0.16)));
  const awayRight = shadowDirection(light).x >= 0;
  const bx = pad + (awayRight ? box.width - ball * 1.1 : ball * 1.1);
  const by = yFoot - ball;
  const lit = mix(accent, pale, neon ? 0.1 : 0.45);
  const sphere = `<ellipse cx="${bx}" cy="${yFoot}" rx="${ball * 0.95}" ry="${ball * 0.22}" fill="#000" opacity="0.3" filter="url(#glow)"/>
    <circle cx="${bx}" cy="${by}" r="${ball}" fill="url(#ball)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <radialGradient id="ball" cx="${awayRight ? 0.35 : 0.65}" cy="0.32" r="0.75"><stop offset="0" stop-color="${hex(mix(lit, [255, 255, 255], 0.35))}"/><stop offset="0.55" stop-color="${hex(accent)}"/><stop offset="1" stop-color="${hex(mix(accent, dark, 0.6))}"/></radialGradient>
      <radialGradient id="spot" cx="0.5" cy="0.55" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="${neon ? 0.08 : 0.28}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
      <linearGradient id="fill" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${hex(top)}"/><stop offset="1" stop-color="${hex(foot)}"/></linearGradient>
      <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${unit * 0.012}"/></filter>
      <filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${unit * 0.008}"/></filter>
    </defs>
    <path d="${arch}" transform="translate(${dx} ${unit * 0.006})" fill="#000" opacity="0.28" filter="url(#soft)"/>
    <path d="${arch}" fill="url(#fill)" opacity="${neon ? 0.88 : 0.96}"/>
    <path d="${arch}" fill="url(#spot)"/>
    ${line}
    ${sphere}
  </svg>`;
  const art = await toRaw(fromSvg(svg).ensureAlpha());
  drawOver(scene, art, box.x - pad, box.y - pad, vignette);
  return box;
}
