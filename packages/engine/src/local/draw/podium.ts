/** The 3D-mockup podium: a shaded cylinder whose top ellipse the product stands on. */
import type { Grading, Light } from '../../art-direction/types';
import { fromSvg, toRaw, type RawImage } from '../../image/sharp';
import type { Vignette } from './light';
import { drawOver } from './overlay';
import { hexOf as hex } from '../../pixels/color';
import { mix } from './set-piece';
import { shadowDirection } from './light-direction';

/** Where a podium stands and how big it is: what its art depends on. */
export type PodiumSpec = {
  centreX: number;
  groundY: number;
  /** The top ellipse's half-width (podiumRadius, fitted to the frame by the layout). */
  radius: number;
  /** Room below the ground line before text or the canvas edge. */
  depth: number;
  canvas: { width: number; height: number };
  grading: Grading;
  light: Light;
  /**
   * The ends of the line a product that stood on two parts stood on (support.ts): their offset from the
   * drum's centre and their height above the ground line, in pixels. Empty for a product on one base.
   */
  stance: { dx: number; rise: number }[];
};

/** The podium's art, drawn by librsvg: it depends on the layout alone, so it can be made early. */
export type PodiumArt = {
  spec: PodiumSpec;
  art: RawImage;
  rx: number;
  ry: number;
  body: number;
  cx: number;
  /** The row of the top ellipse's centre on the canvas. */
  top: number;
};

/**
 * The top ellipse's half-width: wide enough to read as a stand, never narrower than the product, never
 * wider than most of the canvas.
 */
export const podiumRadius = (canvas: { width: number }, productWidth: number): number =>
  Math.round(Math.min(canvas.width * 0.45, Math.max(productWidth * 0.9, canvas.width * 0.18)));

/** The top ellipse's half-height, as a share of its half-width: a drum seen from a little above. */
const LEVEL = 0.2;
/** Seen from higher, for a product photographed from above: at most this share. */
const HIGHEST_VIEW = 0.5;

/**
 * The drum's radii and height (the top ellipse's half-width and half-height, the side's height) and
 * its top's centre. A product that stood on two parts (a shoe's toe and heel, as a camera above saw
 * them) has its far part higher than its base: the drum is then seen from higher, its top deeper, and
 * stands a little higher (its base then rests on the top's front half), until both parts are on it.
 */
function drumOf({ canvas, radius: rx, depth, groundY, stance }: PodiumSpec) {
  const unit = Math.min(canvas.width, canvas.height);
  // How much of the top's half-height lies above (behind) a point this far from the centre.
  const inside = (dx: number) => Math.sqrt(Math.max(0.05, 1 - (dx / rx) ** 2));
  const front = inside(0);
  let ry = Math.round(rx * LEVEL);
  for (const { dx, rise } of stance) ry = Math.max(ry, Math.ceil(rise / (0.9 * inside(dx) + 0.5 * front)));
  ry = Math.min(ry, Math.round(rx * HIGHEST_VIEW));
  let lift = 0;
  for (const { dx, rise } of stance) lift = Math.max(lift, rise - 0.9 * ry * inside(dx));
  lift = Math.round(Math.min(lift, 0.5 * ry * front));
  // A solid drum: at least a tenth of the canvas tall when there is room, never into the text.
  const body = Math.max(2, Math.min(Math.round(unit * 0.2), Math.round(depth + lift - ry - unit * 0.02)));
  return { rx, ry, body, top: groundY - lift };
}

/** The top ellipse the product stands on: its centre, its half-width and half-height. */
export function podiumTop(spec: PodiumSpec): { cx: number; cy: number; rx: number; ry: number } {
  const { rx, ry, top } = drumOf(spec);
  return { cx: spec.centreX, cy: top, rx, ry };
}

/** The rectangle the podium covers on the canvas (its top ellipse and side), for what must keep clear. */
export function podiumBox(spec: PodiumSpec): { x: number; y: number; width: number; height: number } {
  const { rx, ry, body, top } = drumOf(spec);
  return {
    x: Math.round(spec.centreX - rx),
    y: top - ry - 1,
    width: 2 * rx,
    height: 2 * ry + body + 2,
  };
}

export async function podiumArt(spec: PodiumSpec): Promise<PodiumArt> {
  const { grading, light } = spec;
  const { rx, ry, body, top: topCentre } = drumOf(spec);
  const shadow = Math.round(ry * 0.6);
  const w = Math.round(rx * 2.4) + 2;
  const h = Math.round(ry * 2.2) + body + shadow * 2 + 2;
  const cx = w / 2;
  const { dark, accent, light: pale } = grading.swatch;
  const top = hex(mix(pale, accent, 0.3));
  const rim = hex(mix(pale, [255, 255, 255], 0.6));
  const sideLit = hex(mix(accent, pale, 0.35));
  const sideDark = hex(mix(accent, dark, 0.6));
  const [x1, x2] = shadowDirection(light).x < 0 ? ['1', '0'] : ['0', '1'];
  const bevel = Math.max(2, Math.round(ry * 0.12));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="side" x1="${x1}" x2="${x2}" y1="0" y2="0"><stop offset="0" stop-color="${sideLit}"/><stop offset="0.35" stop-color="${sideLit}"/><stop offset="0.7" stop-color="${sideDark}"/><stop offset="1" stop-color="${hex(dark)}"/></linearGradient>
      <linearGradient id="fall" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
      <radialGradient id="top" cx="0.42" cy="0.4" r="0.75"><stop offset="0" stop-color="${rim}"/><stop offset="1" stop-color="${top}"/></radialGradient>
    </defs>
    <path d="M${cx - rx} ${ry + 1} V${ry + body + 1} A${rx} ${ry} 0 0 0 ${cx + rx} ${ry + body + 1} V${ry + 1} Z" fill="url(#side)"/>
    <path d="M${cx - rx} ${ry + 1} V${ry + body + 1} A${rx} ${ry} 0 0 0 ${cx + rx} ${ry + body + 1} V${ry + 1} Z" fill="url(#fall)"/>
    <path d="M${cx - rx} ${ry + 1} A${rx} ${ry} 0 0 0 ${cx + rx} ${ry + 1} v${bevel} A${rx} ${ry} 0 0 1 ${cx - rx} ${ry + 1 + bevel} Z" fill="${rim}" opacity="0.55"/>
    <ellipse cx="${cx}" cy="${ry + 1}" rx="${rx}" ry="${ry}" fill="url(#top)" stroke="${rim}" stroke-width="${Math.max(1, rx / 120)}"/>
  </svg>`;
  return { spec, art: await toRaw(fromSvg(svg).ensureAlpha()), rx, ry, body, cx, top: topCentre };
}

/** Whether art made for one layout serves another: the same stand in the same place. */
export function samePodium(a: PodiumSpec, b: PodiumSpec): boolean {
  return (
    a.centreX === b.centreX &&
    a.groundY === b.groundY &&
    a.radius === b.radius &&
    a.depth === b.depth &&
    a.canvas.width === b.canvas.width &&
    a.canvas.height === b.canvas.height &&
    a.grading === b.grading &&
    a.light === b.light &&
    a.stance.length === b.stance.length &&
    a.stance.every((end, i) => end.dx === b.stance[i]!.dx && end.rise === b.stance[i]!.rise)
  );
}

/**
 * The podium drawn into the scene, with its soft shadow on the floor; vignetted like the scene behind
 * it when there is a vignette.
 */
export function drawPodium(
  scene: RawImage,
  { spec, art, rx, ry, body, cx, top }: PodiumArt,
  vignette: Vignette | null = null,
): void {
  const shadow = Math.round(ry * 0.6);
  const left = Math.round(spec.centreX - cx);
  const topY = top - ry - 1;
  // The drum's soft shadow on the floor: an analytic Gaussian ellipse, no blur pass.
  floorShadow(scene, spec.centreX, topY + ry + 1 + body, rx * 1.12, ry * 1.05 + shadow, 0.45);
  drawOver(scene, art, left, topY, vignette);
}

/** Darkens the floor under the podium: a Gaussian ellipse of the given radii and opacity. */
function floorShadow(scene: RawImage, cx: number, cy: number, rx: number, ry: number, opacity: number): void {
  const { data, width, height, channels } = scene;
  const x0 = Math.max(0, Math.floor(cx - rx * 1.6));
  const x1 = Math.min(width - 1, Math.ceil(cx + rx * 1.6));
  const y0 = Math.max(0, Math.floor(cy - ry * 1.6));
  const y1 = Math.min(height - 1, Math.ceil(cy + ry * 1.6));
  for (let y = y0; y <= y1; y++) {
    const dy = ((y - cy) / ry) ** 2;
    for (let x = x0; x <= x1; x++) {
      const k = opacity * Math.exp(-2 * (((x - cx) / rx) ** 2 + dy));
      if (k < 0.004) continue;
      const i = (y * width + x) * channels;
      data[i] = data[i]! * (1 - k);
      data[i + 1] = data[i + 1]! * (1 - k);
      data[i + 2] = data[i + 2]! * (1 - k);
    }
  }
}
