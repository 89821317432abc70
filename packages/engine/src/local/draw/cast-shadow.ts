/**
 * The shadow the product's own shape casts on the surface it stands on: its silhouette laid down on the
 * ground plane, away from the key light (a light from the left throws it to the right, a light from
 * above throws it short, straight back), sharp where it leaves the base and softer with distance, as a
 * real shadow is. Multiplied toward the palette's dark tint, so it carries the scene's colour.
 */
import type { Light, Rgb } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import type { Placement } from './placement';
import { shadowDirection } from './light-direction';
import { darkenPixel, shadeTint } from './shade-pixel';

/** How the silhouette lies down: sideways shift and rise per pixel of height above the ground. */
const LAY: Record<Light['from'], { across: number; back: number }> = {
  left: { across: 0.55, back: 0.16 },
  right: { across: -0.55, back: 0.16 },
  top: { across: 0, back: 0.1 },
};

/**
 * How a light the user placed lays the silhouette: away from the light as the picture shows it, longer
 * when it comes from a side (a low sun), shorter from behind or the front.
 */
export function layOf(light: Light): { across: number; back: number } {
  if (light.angle === undefined) return LAY[light.from];
  const t = (light.angle * Math.PI) / 180;
  const length = 0.25 + 0.32 * Math.abs(Math.cos(t));
  const back = -Math.sin(t) * length;
  // A light straight from a side still lays the shape down a little: flat, it would be one line.
  return {
    across: -Math.cos(t) * length,
    back: Math.abs(back) < LEAST_BACK ? (back < 0 ? -LEAST_BACK : LEAST_BACK) : back,
  };
}

/** The least rise (or fall) of a silhouette laid by a light the user placed, per pixel of height. */
const LEAST_BACK = 0.08;

/**
 * Seen from above, the shadow is the product's shape itself, moved a little away from the light and
 * down (as a light from above and in front throws it; a light the user placed throws it straight away
 * from itself), blurred wider.
 */
function besideIt(product: RawImage, at: Placement, light: Light) {
  const { data, width, height } = product;
  const alpha = Buffer.alloc(width * height);
  for (let p = 0, i = 3; p < alpha.length; p++, i += 4) alpha[p] = data[i]!;
  const unit = Math.max(width, height);
  const { x: dx, y: dy } = shadowDirection(light);
  return {
    alpha,
    width,
    height,
    left: at.x + Math.round(dx * unit * 0.035),
    top: at.y + Math.round(dy * unit * 0.04),
  };
}

/**
 * The laid-down silhouette: an alpha image and where its top-left corner falls on the scene. It rises
 * from the base (the shadow falls behind the product) or, under a light from behind, comes down toward
 * the viewer (`forward`).
 */
function layDown(product: RawImage, at: Placement, light: Light) {
  const { data, width, height } = product;
  const { across, back } = layOf(light);
  const shiftMax = Math.ceil(Math.abs(across) * height);
  const rise = Math.max(0, Math.ceil(back * height));
  const fall = Math.max(0, Math.ceil(-back * height));
  const w = width + shiftMax;
  const h = rise + fall + 2;
  // The row of the silhouette that lies on the product's base row.
  const ground = rise;
  const alpha = Buffer.alloc(w * h);
  const x0 = across < 0 ? shiftMax : 0;
  for (let y = 0; y < height; y++) {
    const above = height - 1 - y;
    const ty = ground - Math.round(above * back);
    const tx = x0 + Math.round(above * across);
    const row = ty * w + tx;
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) {
      const a = data[i]!;
      if (a > alpha[row + x]!) alpha[row + x] = a;
    }
  }
  return {
    alpha,
    width: w,
    height: h,
    left: at.x - x0,
    top: at.y + at.height - 1 - ground,
    forward: back < 0,
    ground,
  };
}

/**
 * Lays the product's shadow on the scene. `softness` (0 sharp to 1 soft) widens the blur; `strength`
 * is the darkest it gets, right at the base.
 */
export async function castSilhouette(
  scene: RawImage,
  product: RawImage,
  at: Placement,
  light: Light,
  shade: { strength: number; softness: number; tint: Rgb; lay?: 'ground' | 'beside' },
): Promise<void> {
  if (shade.strength <= 0) return;
  const beside = shade.lay === 'beside';
  const silhouette = beside
    ? { ...besideIt(product, at, light), forward: false, ground: 0 }
    : layDown(product, at, light);
  const sigma = Math.max(1.5, at.height * (0.012 + 0.03 * shade.softness));
  // Room around the silhouette for the blur to spread into.
  const pad = Math.ceil(sigma * 3);
  const { data: soft } = await toRaw(
    fromRaw({ data: silhouette.alpha, width: silhouette.width, height: silhouette.height, channels: 1 })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 1 } })
      .blur(sigma)
      .extractChannel(0),
  );
  const laid = {
    width: silhouette.width + 2 * pad,
    height: silhouette.height + 2 * pad,
    left: silhouette.left - pad,
    top: silhouette.top - pad,
  };
  const { data, width, height, channels } = scene;
  const t = shadeTint(shade.tint);
  for (let y = 0; y < laid.height; y++) {
    const sy = laid.top + y;
    if (sy < 0 || sy >= height) continue;
    // Lighter with distance from the base: the far end of a shadow is fainter (beside a product seen
    // from above, it is even).
    const along = Math.min(1, y / Math.max(1, laid.height - 2 * pad));
    // A light the user placed: darkest on the base's row, lighter with distance from it either way.
    const fromBase = Math.min(1, Math.abs(y - pad - silhouette.ground) / Math.max(1, silhouette.height - 2));
    const near = light.angle === undefined ? along : 1 - fromBase;
    const fade = beside ? shade.strength : shade.strength * (0.45 + 0.55 * near);
    for (let x = 0; x < laid.width; x++) {
      const sx = laid.left + x;
      if (sx < 0 || sx >= width) continue;
      const k = (soft[y * laid.width + x]! / 255) * fade;
      if (k < 0.004) continue;
      const i = (sy * width + sx) * channels;
      darkenPixel(data, i, k, t);
    }
  }
}
