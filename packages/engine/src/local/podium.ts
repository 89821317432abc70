/** The 3D-mockup podium: a shaded cylinder whose top ellipse the product stands on. */
import type { Grading, Light } from '../art-direction/types';
import { fromSvg, toRaw, type RawImage } from '../image/sharp';

const hex = (rgb: readonly number[]) =>
  '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
const mixRgb = (a: readonly number[], b: readonly number[], t: number) =>
  a.map((v, i) => v + (b[i]! - v) * t);

export async function drawPodium(
  scene: RawImage,
  centreX: number,
  groundY: number,
  productWidth: number,
  grading: Grading,
  light: Light,
  /** Room below the ground line before text or the canvas edge. */
  depth: number,
): Promise<void> {
  const unit = Math.min(scene.width, scene.height);
  // Wide enough to read as a stand, never narrower than the product, never wider than most of the canvas.
  const rx = Math.round(Math.min(scene.width * 0.45, Math.max(productWidth * 0.9, scene.width * 0.18)));
  const ry = Math.round(rx * 0.2);
  // A solid drum: at least a tenth of the canvas tall when there is room, never into the text.
  const body = Math.max(2, Math.min(Math.round(unit * 0.2), Math.round(depth - ry - unit * 0.02)));
  const shadow = Math.round(ry * 0.6);
  const w = Math.round(rx * 2.4) + 2;
  const h = Math.round(ry * 2.2) + body + shadow * 2 + 2;
  const cx = w / 2;
  const { dark, accent, light: pale } = grading.swatch;
  const top = hex(mixRgb(pale, accent, 0.3));
  const rim = hex(mixRgb(pale, [255, 255, 255], 0.6));
  const sideLit = hex(mixRgb(accent, pale, 0.35));
  const sideDark = hex(mixRgb(accent, dark, 0.6));
  const [x1, x2] = light.from === 'right' ? ['1', '0'] : ['0', '1'];
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
  const art = await toRaw(fromSvg(svg).ensureAlpha());
  const left = Math.round(centreX - cx);
  const topY = groundY - ry - 1;
  // The drum's soft shadow on the floor: an analytic Gaussian ellipse, no blur pass.
  floorShadow(scene, centreX, topY + ry + 1 + body, rx * 1.12, ry * 1.05 + shadow, 0.45);
  for (let y = 0; y < art.height; y++) {
    const sy = topY + y;
    if (sy < 0 || sy >= scene.height) continue;
    for (let x = 0; x < art.width; x++) {
      const sx = left + x;
      if (sx < 0 || sx >= scene.width) continue;
      const a = art.data[(y * art.width + x) * 4 + 3]! / 255;
      if (a === 0) continue;
      const s = (sy * scene.width + sx) * scene.channels;
      for (let c = 0; c < 3; c++)
        scene.data[s + c] = art.data[(y * art.width + x) * 4 + c]! * a + scene.data[s + c]! * (1 - a);
    }
  }
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
      for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * (1 - k);
    }
  }
}
