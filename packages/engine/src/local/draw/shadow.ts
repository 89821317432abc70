/**
 * The shadow the product casts where it stands: a tight, dark contact shadow under its base and a wide,
 * soft ambient one thrown away from the light. Analytic Gaussians: smooth at any size, no blur pass.
 */
import type { Light, Rgb } from '../../art-direction/types';
import type { RawImage } from '../../image/sharp';
import { shadowDirection } from './light-direction';
import { lowestSolidRows, touchingSupport, type Support } from './support';
import { darkenPixel, shadeTint } from './shade-pixel';

export type Footprint = { left: number; right: number; groundY: number; height: number };

function darken(
  scene: RawImage,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity: number,
  tint: Rgb,
): void {
  const { data, width, height, channels } = scene;
  const x0 = Math.max(0, Math.floor(cx - rx * 2.2));
  const x1 = Math.min(width - 1, Math.ceil(cx + rx * 2.2));
  const y0 = Math.max(0, Math.floor(cy - ry * 2.2));
  const y1 = Math.min(height - 1, Math.ceil(cy + ry * 2.2));
  if (x1 < x0 || y1 < y0) return;
  // The Gaussian is separable: exp(-2(u² + v²)) = exp(-2u²) · exp(-2v²), one table per axis.
  const across = new Float32Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) across[x - x0] = Math.exp(-2 * ((x - cx) / rx) ** 2);
  // Multiply toward a dark tint of the palette rather than pure black: shadows carry the scene's colour.
  // v -> v * (1 - k + k * tint / 255), one factor per channel.
  const t = shadeTint(tint);
  for (let y = y0; y <= y1; y++) {
    const down = opacity * Math.exp(-2 * ((y - cy) / ry) ** 2);
    if (down < 0.002) continue;
    for (let x = x0, i = (y * width + x0) * channels; x <= x1; x++, i += channels) {
      const k = down * across[x - x0]!;
      if (k < 0.002) continue;
      darkenPixel(data, i, k, t);
    }
  }
}

/**
 * The ambient shade's radius from the base's centre (as a share of the base's width, plus an eighth of
 * the height: it reaches about 0.4 of the base beyond each side) and its depth (of the product's
 * height): a pool of shade that reads under a product on a busy or dark surface too, where a thin one
 * was lost in the texture and the product looked set down from above.
 */
const AMBIENT_SPREAD = 0.9;
const AMBIENT_DEPTH = 0.15;

export function castShadow(
  scene: RawImage,
  foot: Footprint,
  light: Light,
  strength: number,
  tint: Rgb,
): void {
  if (strength <= 0) return;
  const base = foot.right - foot.left;
  const cx = (foot.left + foot.right) / 2;
  const away = shadowDirection(light).x;
  const ambientRx = base * AMBIENT_SPREAD + foot.height * 0.12;
  darken(
    scene,
    cx + away * base * 0.2,
    foot.groundY,
    ambientRx,
    Math.max(5, foot.height * AMBIENT_DEPTH),
    0.85 * strength,
    tint,
  );
}

/** How deep the band of the product's bottom is where its parts may touch the surface, as a share of its height. */
export const CONTACT_BAND = 0.12;
/** The same for a wide product (wider than WIDE times its height). */
const WIDE_CONTACT_BAND = 0.3;
const WIDE = 1.3;
/**
 * How many of its bottom rows may touch the surface: a wide product (a shoe, a hat's brim) seen from a
 * little above touches along a receding line, its lower edge rising toward the back.
 */
export function contactBand(width: number, height: number): number {
  return Math.max(3, Math.round(height * (width > WIDE * height ? WIDE_CONTACT_BAND : CONTACT_BAND)));
}

/** How dark the occlusion right under the base gets, and how deep it reaches as a share of the height. */
const OCCLUSION = 0.8;
const OCCLUSION_DEPTH = 0.012;

/**
 * The contact: under each column of the product's bottom, just below its lowest solid pixel, no light
 * gets in. It follows the silhouette (both feet of a sitting toy, a shoe's whole sole, a bag's base),
 * not a line under the lowest point only; parts a little higher (further back, as photographed) get a
 * lighter one. Drawn before the product, which covers what lies above its edge.
 */
export function contactShadow(
  scene: RawImage,
  product: RawImage,
  at: { x: number; y: number },
  strength: number,
  tint: Rgb,
  support: Support | null = null,
): void {
  if (strength <= 0) return;
  const { width, height } = product;
  // A wide product (a shoe, a hat's brim) seen from a little above touches along a receding line: its
  // lower edge rises toward the back, and all of it rests on the surface.
  const band = contactBand(width, height);
  const depth = Math.max(3, height * 0.022);
  // Per column: the lowest solid row within the band, and how strongly it touches.
  const lowest = lowestSolidRows(product, band);
  const touch = Float32Array.from(lowest, (y) => (y < 0 ? 0 : 1 - 0.6 * ((height - 1 - y) / band)));
  // A product that stood on two parts touches at both, however high the far one is in the photo.
  if (support) touchingSupport(support, height, lowest, touch);
  // Soft at the ends of each touching run, and a smooth top edge: the strength and the touching row
  // are averaged over the shadow's depth on either side (a furry edge's ragged rows leave no comb).
  const r = Math.round(depth);
  const soft = new Float32Array(width);
  const smooth = new Float32Array(width).fill(-1);
  let sum = 0;
  let rows = 0;
  let touching = 0;
  for (let x = -r; x < width; x++) {
    const enter = x + r;
    const leave = x - r - 1;
    if (enter < width) {
      sum += touch[enter]!;
      if (lowest[enter]! >= 0) {
        rows += lowest[enter]!;
        touching++;
      }
    }
    if (leave >= 0) {
      sum -= touch[leave]!;
      if (lowest[leave]! >= 0) {
        rows -= lowest[leave]!;
        touching--;
      }
    }
    if (x >= 0) {
      soft[x] = sum / (2 * r + 1);
      if (touching) smooth[x] = rows / touching;
    }
  }
  const t = shadeTint(tint);
  const reach = Math.ceil(depth * 1.6);
  // Where the base meets the surface no light reaches at all, whatever the style's shadow: a thin,
  // near-black line of occlusion under the ambient contact, which is what makes a product rest.
  const core = Math.max(1.5, height * OCCLUSION_DEPTH);
  const occlusion = OCCLUSION * Math.min(1, strength * 2);
  for (let x = 0; x < width; x++) {
    const X = at.x + x;
    if (X < 0 || X >= scene.width || soft[x]! < 0.01) continue;
    const base = Math.round(smooth[x]!);
    if (base < 0) continue;
    for (let dy = -Math.ceil(depth * 0.4); dy <= reach; dy++) {
      const Y = at.y + base + dy;
      if (Y < 0 || Y >= scene.height) continue;
      const below = Math.max(0, dy);
      const ambient = 0.9 * strength * Math.exp(-2 * (below / depth) ** 2);
      // Full in the first row below the base, the one that shows.
      const occluded = occlusion * Math.exp(-2 * (Math.max(0, below - 1) / core) ** 2);
      const k = soft[x]! * (1 - (1 - ambient) * (1 - occluded));
      if (k < 0.002) continue;
      const i = (Y * scene.width + X) * scene.channels;
      darkenPixel(scene.data, i, k, t);
    }
  }
}

/** How dark the product's own base gets where it meets the surface, and how high it reaches. */
const BASE_OCCLUSION = 0.5;
const BASE_OCCLUSION_DEPTH = 0.03;

/**
 * The product's own base, shaded where it meets the surface: no light reaches the last few rows of a
 * jar's foot or a bag's bottom either, so they darken toward the contact, as they do in any photo of
 * an object standing on a table. Drawn after the product, over its own pixels only (the contact
 * shadow under it is the scene's): without it, a pale base ends on the contact line with a light edge
 * and reads as hovering above it.
 */
export function occludeBase(
  scene: RawImage,
  product: RawImage,
  at: { x: number; y: number },
  strength: number,
  tint: Rgb,
): void {
  if (strength <= 0 || product.channels !== 4) return;
  const { data, width, height } = product;
  const band = Math.min(height, contactBand(width, height));
  const depth = Math.max(2, height * BASE_OCCLUSION_DEPTH);
  const t = shadeTint(tint);
  const k = BASE_OCCLUSION * Math.min(1, strength);
  const lowest = lowestSolidRows(product, band);
  for (let x = 0; x < width; x++) {
    const X = at.x + x;
    const base = lowest[x]!;
    if (X < 0 || X >= scene.width || base < 0) continue;
    // Parts that rest higher in the band (further back, as photographed) touch less.
    const touch = 1 - 0.6 * ((height - 1 - base) / band);
    for (let y = Math.max(0, Math.floor(base - depth)); y < height; y++) {
      const Y = at.y + y;
      if (Y < 0 || Y >= scene.height) continue;
      const alpha = data[(y * width + x) * 4 + 3]! / 255;
      if (alpha <= 0) continue;
      const rise = Math.min(1, Math.max(0, (base - y) / depth));
      const w = k * touch * alpha * (1 - rise) ** 2;
      if (w < 0.002) continue;
      const i = (Y * scene.width + X) * scene.channels;
      darkenPixel(scene.data, i, w, t);
    }
  }
}
