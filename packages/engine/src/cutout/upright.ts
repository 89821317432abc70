/**
 * A product photographed leaning (a bottle propped against a stand, a carton tipped against a wall)
 * would hang at that angle in the new scene, where nothing holds it. When the cut-out is clearly
 * elongated and leans by a moderate angle, it is turned to stand upright; a product lying down, a
 * round or squat one, or one already nearly straight is left as it is. Only cut-outs taken from an
 * ordinary photo are turned: a transparent PNG or a studio shot was framed on purpose.
 */
import type { CutoutMethodName } from '@vitrine/shared/api/cutout';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { trim, type Cutout } from './cutout';

/** Below this lean the product already reads as upright; above the second it is lying, not leaning. */
const LEAN_DEGREES = { least: 8, most: 45 } as const;
/** Length over width (from the spread of its pixels) from which a product has an axis to stand on. */
const ELONGATION = 2.2;
const TURNED: ReadonlySet<CutoutMethodName> = new Set(['segmented', 'model', 'corrected']);

/**
 * How far the product's long axis leans from the vertical, in degrees, clockwise positive (its top
 * to the right), and how elongated it is; null for an empty image. From the covariance of the
 * visible pixels' positions.
 */
export function leanOf(rgba: RawImage): { degrees: number; elongation: number } | null {
  const { data, width, height } = rgba;
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++)
      if (data[p * 4 + 3]! >= 128) {
        n++;
        sx += x;
        sy += y;
        sxx += x * x;
        syy += y * y;
        sxy += x * y;
      }
  if (n < 16) return null;
  // Second moments about the centre of the visible pixels.
  const xx = sxx / n - (sx / n) ** 2;
  const yy = syy / n - (sy / n) ** 2;
  const xy = sxy / n - (sx / n) * (sy / n);
  const half = (xx - yy) / 2;
  const root = Math.sqrt(half * half + xy * xy);
  const major = (xx + yy) / 2 + root;
  const minor = Math.max(1e-9, (xx + yy) / 2 - root);
  // The long axis's angle from the x axis (y pointing down), then from the vertical.
  const axis = (0.5 * Math.atan2(2 * xy, xx - yy) * 180) / Math.PI;
  let degrees = axis + 90;
  if (degrees > 90) degrees -= 180;
  if (degrees <= -90) degrees += 180;
  return { degrees, elongation: Math.sqrt(major / minor) };
}

/** The cut-out turned upright when it leans (see above); otherwise the same cut-out. */
export async function standUpright(cutout: Cutout): Promise<Cutout> {
  if (!TURNED.has(cutout.method)) return cutout;
  const lean = leanOf(cutout.image);
  if (!lean || lean.elongation < ELONGATION) return cutout;
  const size = Math.abs(lean.degrees);
  if (size < LEAN_DEGREES.least || size > LEAN_DEGREES.most) return cutout;
  const turned = await toRaw(
    fromRaw(cutout.image)
      .rotate(-lean.degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha(),
  );
  return { ...cutout, image: trim(turned).image };
}
