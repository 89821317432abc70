/**
 * The cut-out read again at the detail it is shown at. The mask is found on the photo decoded at
 * PRODUCT_SIDE (1,400 pixels on its longest side), but a phone's 12-megapixel photo has about three
 * times that: a product filling a third of such a photo kept about 470 pixels, and a story's hero showed
 * it enlarged twice over, soft. Here the product's box alone is decoded again from the file, up to
 * DETAIL_SIDE on its longest side, and the mask is enlarged to it: the product's own texture, print and
 * edges come from the file, the outline from the mask.
 */
import { decodeRegionRgba } from '../image/decode';
import { fromRaw, toRaw } from '../image/sharp';
import type { Cutout } from './cutout';

/** The longest side a detailed cut-out keeps: more than the largest product box of any format needs. */
export const DETAIL_SIDE = 1600;
/** Less gain than this is not worth a second decoding. */
const WORTH = 1.15;
/** The alpha (of 255) from which the file's own pixels start to show through the cut-out's. */
const EDGE_FROM = 150;

type Size = { width: number; height: number };

/**
 * `cutout` (made on `photo`, the file decoded at a reduced size) with its pixels read again from the
 * file (`input`, `source` its upright size) at up to DETAIL_SIDE; as it was when the file has no more
 * detail to give, or when the photo is framed whole. The offset stays in the reduced photo's pixels;
 * `scale` says how many of the image's pixels make one of them.
 */
export async function withDetail(input: Buffer, photo: Size, source: Size, cutout: Cutout): Promise<Cutout> {
  // Which pixels were painted matters to this reading only: the cut-out leaves without it.
  const paintedMap = cutout.painted;
  const plain: Cutout = paintedMap ? withoutPainted(cutout) : cutout;
  if (plain.method === 'framed') return plain;
  const { image, offset } = plain;
  const perPixel = Math.min(source.width / photo.width, source.height / photo.height);
  const factor = Math.min(perPixel, DETAIL_SIDE / Math.max(image.width, image.height));
  if (factor < WORTH) return plain;
  // The whole photo at `factor` times the reduced one's size, and the cut-out's box in it.
  const whole = { width: Math.round(photo.width * factor), height: Math.round(photo.height * factor) };
  const width = Math.min(whole.width, Math.round(image.width * factor));
  const height = Math.min(whole.height, Math.round(image.height * factor));
  const region = {
    left: Math.min(whole.width - width, Math.round(offset.x * factor)),
    top: Math.min(whole.height - height, Math.round(offset.y * factor)),
    width,
    height,
  };
  const decoding = decodeRegionRgba(input, whole, region);
  const detailed = { ...plain, scale: (plain.scale ?? 1) * factor };
  // A transparent file's own alpha is its outline, at every size.
  if (plain.method === 'alpha') return { ...detailed, image: await decoding };
  const fits = paintedMap && paintedMap.width === image.width && paintedMap.height === image.height;
  const [file, reduced, painted] = await Promise.all([
    decoding,
    // sharp premultiplies alpha while resampling: the edge keeps the product's own colour.
    toRaw(fromRaw(image).resize(width, height, { fit: 'fill', kernel: 'mitchell' })),
    fits
      ? toRaw(fromRaw(paintedMap).resize(width, height, { fit: 'fill', kernel: 'linear' }).extractChannel(0))
      : null,
  ]);
  return {
    ...detailed,
    image: { width, height, data: joined(file.data, reduced.data, painted?.data ?? null), channels: 4 },
  };
}

/** The cut-out without the map of its painted pixels (read once, by `withDetail`). */
export function withoutPainted(cutout: Cutout): Cutout {
  const { painted: _readOnce, ...plain } = cutout;
  return plain;
}

/**
 * The file's pixels inside the product, the enlarged cut-out's at its edge: there alpha is partial and
 * the cut-out's colour was freed of the old background (foreground.ts), which the file's is not. From
 * EDGE_FROM to solid, one gives way to the other; the outline is the enlarged cut-out's. Where the
 * cut-out's colours are the engine's own (`painted`, enlarged), they stay: the file shows the grass
 * that was painted over.
 */
function joined(file: Buffer, reduced: Buffer, painted: Buffer | null): Buffer {
  const out = Buffer.alloc(reduced.length);
  for (let i = 0, p = 0; i < out.length; i += 4, p++) {
    const alpha = reduced[i + 3]!;
    const t = Math.max(0, Math.min(1, (alpha - EDGE_FROM) / (255 - EDGE_FROM)));
    const w = t * t * (3 - 2 * t) * (painted ? 1 - painted[p]! / 255 : 1);
    for (let c = 0; c < 3; c++)
      out[i + c] = Math.round(reduced[i + c]! + (file[i + c]! - reduced[i + c]!) * w);
    out[i + 3] = alpha;
  }
  return out;
}
