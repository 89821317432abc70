/**
 * The studio set seen from above: where an upright product stands before an arch panel (backdrop.ts),
 * a product lying on the surface lies on a sheet of paper in the palette's colours that fills the
 * frame, as a flat-lay is styled. A paper disc in the palette's accent lies under the product, a little
 * off towards the light, lifted off the sheet by a soft shadow: the set's prop. An ink edge on the disc
 * for drawn styles, a neon line for cyberpunk.
 */
import type { Box } from '../../art-direction/types';
import { fromSvg, toRaw, type RawImage } from '../../image/sharp';
import { hexOf as hex } from '../../pixels/color';
import { GAIN_ONE, luma709 } from '../../pixels/fixed-point';
import type { Vignette } from './light';
import { drawOver } from './overlay';
import { shadowDirection } from './light-direction';
import { mix, setPieceLook, type BackdropSpec } from './set-piece';

/** The disc's radius, as a share of the product's longer side; and how far it moves off the product's centre. */
const DISC = 0.62;
const DISC_SHIFT = 0.22;

/**
 * Where the disc lies, in canvas pixels: under the product, off towards the light, within the stage
 * (clear of every text place, inside the safe area), as large as the stage allows.
 */
export function discBox({ product, stage, canvas, light }: BackdropSpec): Box {
  const unit = Math.min(canvas.width, canvas.height);
  const r = Math.round(
    Math.min(unit * 0.45, Math.max(product.width, product.height) * DISC, stage.width / 2, stage.height / 2),
  );
  const away = shadowDirection(light);
  const towards = light.angle === undefined && light.from === 'top' ? -0.5 : -away.x;
  const cx = product.x + product.width / 2 + towards * r * DISC_SHIFT;
  const cy = product.y + product.height / 2 - (light.angle === undefined ? 1 : away.y) * r * DISC_SHIFT;
  const x = Math.round(Math.min(Math.max(cx - r, stage.x), stage.x + stage.width - 2 * r));
  const y = Math.round(Math.min(Math.max(cy - r, stage.y), stage.y + stage.height - 2 * r));
  return { x, y, width: 2 * r, height: 2 * r };
}

export async function drawFlatLay(scene: RawImage, spec: BackdropSpec, vignette: Vignette | null) {
  const { grading, light } = spec;
  const disc = discBox(spec);
  if (disc.width < 8) return null;
  const { unit, dark, accent, pale, neon, inked } = setPieceLook(spec);
  paintPaper(scene, spec, vignette);
  const face = neon ? mix(dark, accent, 0.25) : mix(accent, pale, 0.55);
  const r = disc.width / 2;
  // The disc's own picture: the disc and its soft shadow, with room for the shadow's blur.
  const pad = Math.ceil(unit * 0.04);
  const [cx, cy] = [pad + r, pad + r];
  const away = shadowDirection(light);
  const edge = neon
    ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${hex(grading.neon[0])}" stroke-width="${unit * 0.006}" opacity="0.85"/>`
    : inked
      ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${hex(dark)}" stroke-width="${unit * 0.004}"/>`
      : '';
  const size = disc.width + 2 * pad;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs>
      <radialGradient id="disc" cx="${0.5 - away.x * 0.15}" cy="0.35" r="0.8"><stop offset="0" stop-color="${hex(mix(face, [255, 255, 255], neon ? 0.05 : 0.18))}"/><stop offset="1" stop-color="${hex(face)}"/></radialGradient>
      <filter id="lift" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${unit * 0.008}"/></filter>
    </defs>
    <circle cx="${cx + away.x * unit * 0.008}" cy="${cy + away.y * unit * 0.01}" r="${r}" fill="#000" opacity="0.22" filter="url(#lift)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#disc)"/>
    ${edge}
  </svg>`;
  const art = await toRaw(fromSvg(svg).ensureAlpha());
  drawOver(scene, art, disc.x - pad, disc.y - pad, vignette);
  return disc;
}

/** The sheet of the studio set: pale paper, a touch deeper away from the light; dark paper under a neon line. */
function paintPaper(scene: RawImage, spec: BackdropSpec, vignette: Vignette | null): void {
  const { dark, pale, neon } = setPieceLook(spec);
  const near = neon ? mix(dark, [0, 0, 0], 0.2) : mix(pale, [255, 255, 255], 0.45);
  const far = neon ? mix(dark, [0, 0, 0], 0.45) : mix(pale, [255, 255, 255], 0.1);
  paintSheet(scene, near, far, shadowDirection(spec.light), vignette);
}

/** The scene shot's sheet is at least this light (luma, 0-255): the palette's dark ink reads on it without a veil. */
const SHEET_LUMA = 180;

/**
 * Seen from above on a surface too narrow to fill the frame (a café table, a kitchen counter seen from
 * a high angle): the product lies on a sheet, each shot on its own. The hero on dark paper, the
 * palette's darkest colour. The scene shot on a sheet in the surface's colour: its mean over the rows
 * the surface lies in (`rows`, shares of the frame's height), as the graded scene shows it there,
 * lightened to SHEET_LUMA at least. The close-up on the studio set's pale paper, without the disc that
 * is the studio set's. Each a touch lighter on the light's side.
 */
export function drawSurfaceSheet(
  scene: RawImage,
  spec: BackdropSpec,
  shot: 'hero' | 'scene' | 'close-up',
  rows: { from: number; to: number },
  vignette: Vignette | null,
): void {
  const away = shadowDirection(spec.light);
  if (shot === 'close-up') return paintPaper(scene, spec, vignette);
  if (shot === 'hero') {
    const { dark, pale } = setPieceLook(spec);
    return paintSheet(scene, mix(dark, pale, 0.22), mix(dark, [0, 0, 0], 0.15), away, vignette);
  }
  const { data, width, height, channels } = scene;
  const first = Math.min(height - 1, Math.round(rows.from * height));
  const last = Math.min(height, Math.max(first + 1, Math.round(rows.to * height)));
  const mean = [0, 0, 0];
  for (let i = first * width * channels; i < last * width * channels; i += channels)
    for (let c = 0; c < 3; c++) mean[c]! += data[i + c]!;
  const surface = mean.map((sum) => sum / ((last - first) * width));
  const luma = luma709(surface[0]!, surface[1]!, surface[2]!);
  const tone =
    luma < SHEET_LUMA ? mix(surface, [255, 255, 255], (SHEET_LUMA - luma) / (255 - luma)) : surface;
  paintSheet(scene, mix(tone, [255, 255, 255], 0.12), mix(tone, [0, 0, 0], 0.1), away, vignette);
}

/**
 * The sheet over the whole scene: a straight gradient from `near` on the light's side to `far` away
 * from it (`away`, as shadowDirection gives it), darkened by the vignette as the scene was.
 */
function paintSheet(
  scene: RawImage,
  near: readonly number[],
  far: readonly number[],
  away: { x: number; y: number },
  vignette: Vignette | null,
): void {
  const { data, width, height, channels } = scene;
  const shade = new Int32Array(width);
  const spread = Math.abs(away.x) + Math.abs(away.y) || 1;
  for (let y = 0; y < height; y++) {
    if (!vignette?.span(y, 0, shade)) shade.fill(GAIN_ONE);
    const down = (2 * y) / Math.max(1, height - 1) - 1;
    for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
      const across = (2 * x) / Math.max(1, width - 1) - 1;
      const t = 0.5 + (0.5 * (away.x * across + away.y * down)) / spread;
      const k = shade[x]! / GAIN_ONE;
      for (let c = 0; c < 3; c++) data[i + c] = (near[c]! + (far[c]! - near[c]!) * t) * k;
    }
  }
}
