/**
 * A studio sweep (a ready-made scene of kind "studio", art-direction/scene-catalogue.ts): a seamless
 * paper backdrop whose wall curves into the floor, in the palette's colours, drawn at the request's
 * size. The light comes from above: a soft pool on the wall behind the product, the curve a little
 * darker where it turns away from the light, the floor brightest just in front of the curve and
 * falling off toward the camera, with a faint shadow zone where the product will stand. The product's
 * own cast shadow and contact line are drawn over it like on any scene.
 */
import type { Grading, Rgb } from '../../art-direction/types';
import { mixRgb } from '../../pixels/color';
import { sensorNoise } from '../../samples/texture';
import { rasteriseInBands, type RawImage } from '../../image/sharp';

const mix = mixRgb;
const css = (rgb: Rgb) => `rgb(${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v)))).join(',')})`;
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

export type StudioSpec = {
  size: { width: number; height: number };
  /** Where the floor meets the curve, as a share of the height (the scene's annotated surface line). */
  floor: number;
  swatch: Grading['swatch'];
  /** A dark set (the neon palette): the sweep is the palette's dark colour, not its light one. */
  dark: boolean;
};

/** The sweep's colours: the wall's and the floor's, from the palette's light (or dark) colour. */
function tones({ swatch, dark }: StudioSpec) {
  const paper = dark ? mix(swatch.dark, swatch.accent, 0.14) : mix(swatch.light, swatch.accent, 0.2);
  return {
    wallTop: mix(paper, BLACK, dark ? 0.35 : 0.14),
    wall: paper,
    curve: mix(paper, BLACK, dark ? 0.12 : 0.035),
    floor: mix(paper, WHITE, dark ? 0.06 : 0.18),
    near: mix(paper, BLACK, dark ? 0.3 : 0.12),
    shadow: mix(swatch.dark, BLACK, 0.3),
    glow: dark ? mix(swatch.accent, WHITE, 0.2) : WHITE,
  };
}

function document(spec: StudioSpec, band: { top: number; height: number }): string {
  const { width: W, height: H } = spec.size;
  const t = tones(spec);
  const floorY = spec.floor * H;
  // The curve's height on the picture: where the wall starts bending toward the floor.
  const curve = Math.max(4, 0.2 * H);
  const bend = Math.max(0, floorY - curve);
  const stop = (at: number, colour: Rgb, opacity = 1) =>
    `<stop offset="${Math.min(1, Math.max(0, at / H)).toFixed(4)}" stop-color="${css(colour)}" stop-opacity="${opacity}"/>`;
  const unit = Math.min(W, H);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${band.height}" viewBox="0 ${band.top} ${W} ${band.height}">
  <defs>
    <linearGradient id="sweep" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${H}">
      ${stop(0, t.wallTop)}${stop(bend * 0.8, t.wall)}${stop(bend, t.wall)}
      ${stop(bend + curve * 0.55, t.curve)}${stop(floorY + 0.04 * H, t.floor)}${stop(H, t.near)}
    </linearGradient>
    <radialGradient id="pool" gradientUnits="userSpaceOnUse" cx="${W / 2}" cy="${bend * 0.7}" r="${Math.max(W, H) * 0.55}">
      <stop offset="0" stop-color="${css(t.glow)}" stop-opacity="${spec.dark ? 0.22 : 0.3}"/>
      <stop offset="1" stop-color="${css(t.glow)}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="shade">
      <stop offset="0" stop-color="${css(t.shadow)}" stop-opacity="${spec.dark ? 0.16 : 0.09}"/>
      <stop offset="1" stop-color="${css(t.shadow)}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sides" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="black" stop-opacity="${spec.dark ? 0.3 : 0.1}"/>
      <stop offset="0.3" stop-color="black" stop-opacity="0"/>
      <stop offset="0.7" stop-color="black" stop-opacity="0"/>
      <stop offset="1" stop-color="black" stop-opacity="${spec.dark ? 0.3 : 0.1}"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="${W}" height="${H}" fill="url(#sweep)"/>
  <rect x="0" y="0" width="${W}" height="${H}" fill="url(#pool)"/>
  <ellipse cx="${W / 2}" cy="${floorY + 0.2 * (H - floorY)}" rx="${unit * 0.36}" ry="${Math.max(2, 0.12 * (H - floorY))}" fill="url(#shade)"/>
  <rect x="0" y="0" width="${W}" height="${H}" fill="url(#sides)"/>
</svg>`;
}

/** The sweep at its size, three channels, with a little grain so its gradients do not band. */
export async function drawStudioSweep(spec: StudioSpec): Promise<RawImage> {
  const { width, height } = spec.size;
  const image = await rasteriseInBands((band) => document(spec, band), width, height, 2);
  sensorNoise(image, 1.6, 7);
  return image;
}
