/**
 * A standing product's base, firm: under the lowest solid pixel of each column near its foot, the
 * cut-out's soft fringe (a few rows of the floor it was photographed on, half kept: grit, a shadow,
 * concrete) is cleared but for one row of anti-aliasing. Without it, the base meets the new surface
 * through a hairy grey skirt, and the contact shadow shows below the skirt, as if the product hovered.
 */
import type { RawImage } from '../../image/sharp';
import { CONTACT_BAND, SOLID_ALPHA } from './shadow';

/** The one row kept under the base keeps at most this share of its opacity: an edge, not a skirt. */
const EDGE_KEPT = 0.5;

/**
 * Clears, in place, what lies under the solid base in each column of the product's bottom band. A
 * column with no solid pixel in the band (between two legs, under a handle) is left as it is.
 * Returns how many pixels lost opacity.
 */
export function firmBase(product: RawImage): number {
  const { data, width, height, channels } = product;
  if (channels !== 4) return 0;
  const band = Math.max(3, Math.round(height * CONTACT_BAND));
  let cleared = 0;
  for (let x = 0; x < width; x++) {
    let base = -1;
    for (let y = height - 1; y >= height - band && y >= 0; y--) {
      if (data[(y * width + x) * 4 + 3]! >= SOLID_ALPHA) {
        base = y;
        break;
      }
    }
    if (base < 0) continue;
    for (let y = base + 1; y < height; y++) {
      const i = (y * width + x) * 4 + 3;
      const kept = y === base + 1 ? Math.floor(data[i]! * EDGE_KEPT) : 0;
      if (data[i]! > kept) {
        data[i] = kept;
        cleared++;
      }
    }
  }
  return cleared;
}

/** The row just under the product's base: under its lowest row that is at least half opaque. */
export function baseLine(product: RawImage): number {
  const { data, width, height, channels } = product;
  if (channels !== 4) return height;
  for (let y = height - 1; y >= 0; y--)
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) if (data[i]! >= 128) return y + 1;
  return height;
}
