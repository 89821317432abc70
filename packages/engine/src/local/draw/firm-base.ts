/**
 * A standing product's base, firm: under the lowest solid pixel of each column near its foot, the
 * cut-out's soft fringe (a few rows of the floor it was photographed on, half kept: grit, a shadow,
 * concrete) is cleared but for one row of anti-aliasing. Without it, the base meets the new surface
 * through a hairy grey skirt, and the contact shadow shows below the skirt, as if the product hovered.
 */
import type { RawImage } from '../../image/sharp';
import { contactBand } from './shadow';
import { lowestSolidRows } from './support';

/** The one row kept under the base keeps at most this share of its opacity: an edge, not a skirt. */
const EDGE_KEPT = 0.5;
/**
 * The fringe is cleared this deep under the base at most (a share of the product's height, and at least
 * a few rows): the floor a cut-out half keeps is a few rows; what hangs lower is the product's own
 * (a tassel, a glass foot, fur).
 */
const FRINGE_DEEPEST = 0.04;
const FRINGE_LEAST_ROWS = 4;

/**
 * Clears, in place, what lies under the solid base in each column of the product's bottom band. A
 * column with no solid pixel in the band (between two legs, under a handle) is left as it is.
 * Returns how many pixels lost opacity.
 */
export function firmBase(product: RawImage): number {
  const { data, width, height, channels } = product;
  if (channels !== 4) return 0;
  const band = Math.min(height, contactBand(width, height));
  const deepest = Math.max(FRINGE_LEAST_ROWS, Math.round(height * FRINGE_DEEPEST));
  let cleared = 0;
  const lowest = lowestSolidRows(product, band);
  for (let x = 0; x < width; x++) {
    const base = lowest[x]!;
    if (base < 0) continue;
    for (let y = base + 1; y < Math.min(height, base + 1 + deepest); y++) {
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
