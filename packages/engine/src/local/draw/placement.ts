/**
 * Where the product goes and at what size: its box in the image, seated on the ground line by its
 * solid base, resized, and the span where it touches the ground.
 */
import type { Box } from '../../art-direction/types';
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { baseLine } from './firm-base';
import { CONTACT_BAND, type Footprint } from './shadow';
import { SOLID_ALPHA, type Support } from './support';

export type Placement = { x: number; y: number; width: number; height: number; scale: number };

/** A small product photo may be enlarged this much at most: beyond, it would look soft. */
export const MAX_UPSCALE = 2;

/**
 * The product's size and place: its bounding box takes `share` of the canvas's area when the box has
 * room for that (a tall bottle and a wide box of biscuits take the same presence), never more than the
 * box, never enlarged beyond MAX_UPSCALE; it stands on the ground line, centred on `centreX` (the box's
 * centre by default) as far as the box allows.
 */
export function fitInBox(
  size: { width: number; height: number },
  product: {
    box: Box;
    groundY: number;
    share?: number;
    centreX?: number;
    anchor?: 'base' | 'centre';
    presence?: number;
  },
  canvas?: { width: number; height: number },
): Placement {
  const { box, groundY, share } = product;
  const byArea =
    share && canvas
      ? Math.sqrt((share * canvas.width * canvas.height) / (size.width * size.height))
      : Infinity;
  // A presence under 1 shrinks what the share and the photo's resolution allow; a box that is already
  // smaller keeps its size.
  const presence = Math.min(1, product.presence ?? 1);
  const scale = Math.min(
    box.width / size.width,
    box.height / size.height,
    MAX_UPSCALE * presence,
    byArea * presence,
  );
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const centre = product.centreX ?? box.x + box.width / 2;
  const x = Math.min(Math.max(Math.round(centre - width / 2), box.x), box.x + box.width - width);
  const y = product.anchor === 'centre' ? box.y + Math.round((box.height - height) / 2) : groundY - height;
  return { x, y, width, height, scale };
}

/**
 * The placement moved down so that the product's lowest solid row (enough pixels at SOLID_ALPHA opacity or
 * more: a foot, a base, not the fringe of the cut-out's soft edge) lies on the ground line: a product
 * whose fringe stood on the line would hover over it by the fringe's depth.
 */
export function seated(resized: RawImage, placement: Placement, floor = Infinity): Placement {
  const { data, width, height } = resized;
  const least = Math.max(2, Math.round(width * 0.01));
  // No deeper than a tenth of the product: beyond, the bottom rows are a thin part (a strap, a leg).
  for (let y = height - 1; y >= Math.floor(height * 0.9); y--) {
    let solid = 0;
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) if (data[i]! >= SOLID_ALPHA) solid++;
    // Never below the floor given (the safe area's foot), where the base would be hidden.
    const sink = Math.max(0, Math.min(height - 1 - y, floor - (placement.y + height)));
    if (solid >= least) return { ...placement, y: placement.y + sink };
  }
  return placement;
}

export async function resizeProduct(cutout: RawImage, placement: Placement): Promise<RawImage> {
  // sharp premultiplies alpha while resampling, so edges do not pick up the colour of hidden pixels.
  return toRaw(
    fromRaw(cutout).resize(placement.width, placement.height, { fit: 'fill', kernel: 'lanczos3' }),
  );
}

/**
 * Where the product touches the ground: the span of its solid pixels in the bottom rows, and of the
 * line it stood on when it stood on two parts (support.ts).
 */
export function footprint(
  product: RawImage,
  placement: Placement,
  support: Support | null = null,
): Footprint {
  const { data, width, height } = product;
  let left = width;
  let right = -1;
  // The bottom of the product where its parts may touch the surface (both feet, a whole sole).
  const rows = Math.max(2, Math.round(height * CONTACT_BAND));
  for (let y = height - rows; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (right < 0) [left, right] = [width * 0.25, width * 0.75];
  if (support) [left, right] = [Math.min(left, support.from), Math.max(right, support.to)];
  // The ground is under the base, not under rows left transparent below it (firm-base.ts).
  return {
    left: placement.x + left,
    right: placement.x + right,
    groundY: placement.y + baseLine(product),
    height,
  };
}
