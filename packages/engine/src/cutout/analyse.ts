/**
 * The cut-out of an uploaded product photo as the user checks it before generating: decoded at the
 * size generations use, cut out (automatically, or with the user's corrections), and encoded as a
 * grey mask PNG (255 = product; what is stored and what generations use) and a preview of the cut-out
 * itself (WebP with alpha, the photo's frame, edge colours decontaminated).
 */
import { decodeRgba, type SourceInfo } from '../image/decode';
import { fromRaw, guard, toRaw, type RawImage } from '../image/sharp';
import type { CutoutMask } from './cutout';
import { pieceCount } from './clean';
import { decodeMask } from './mask-file';
import { PRODUCT_SIDE, type CutoutJob } from './run';
import { cutOutProduct } from './thread';

export type ProductAnalysis = {
  mask: Omit<CutoutMask, 'alpha'>;
  /** Grey PNG the size of the decoded photo; null when no product was found. */
  maskPng: Buffer | null;
  /** The cut-out over transparency, the decoded photo's size; null when no product was found. */
  preview: Buffer | null;
  /**
   * With strokes: the mask they were painted on (grey PNG, null when it was empty), to be given back
   * as `basePng` with the next strokes on the same box. Undefined without strokes.
   */
  baseMaskPng?: Buffer | null;
  width: number;
  height: number;
  /** Separate pieces of the cut-out (0 when no product was found). */
  pieces: number;
  /** The cut-out runs across the photo, side to side or top to bottom: a band of background may be in it. */
  crossesFrame: boolean;
  source: SourceInfo;
  ms: number;
};

const PNG = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** Longest side of the copy the pieces are counted on. */
const PIECES_SIDE = 320;
/** Share of a side's length the cut-out must cover, on two opposite sides, to cross the photo. */
const CROSSING_SHARE = 0.2;

export async function analyseProduct(
  input: Buffer,
  job: Omit<CutoutJob, 'decision' | 'base'> & {
    /** The mask the strokes are painted on, as this returned it (`baseMaskPng`), or null for none. */
    basePng?: Buffer | null;
  } = {},
): Promise<ProductAnalysis> {
  const t0 = performance.now();
  const { basePng, ...rest } = job;
  const decoded = await decodeRgba(input, PRODUCT_SIDE);
  const base = basePng === undefined ? undefined : basePng && (await decodeMask(basePng, decoded));
  const { cutout, mask } = await cutOutProduct(decoded, { ...rest, ...(base !== undefined && { base }) });
  if (!mask) throw new Error('the cut-out thread returned no mask');
  const { alpha, base: painted, ...found } = mask;
  let maskPng: Buffer | null = null;
  let preview: Buffer | null = null;
  let shape = { pieces: 0, crossesFrame: false };
  if (alpha) {
    shape = await shapeOf(alpha);
    const full = cutout.method === 'framed' ? null : cutout;
    [maskPng, preview] = await Promise.all([
      guard(fromRaw(alpha).png(PNG).toBuffer()),
      previewOf(decoded, alpha, full),
    ]);
  }
  const baseMaskPng =
    painted === undefined ? undefined : painted && (await guard(fromRaw(painted).png(PNG).toBuffer()));
  return {
    mask: found,
    maskPng,
    preview,
    ...(baseMaskPng !== undefined && { baseMaskPng }),
    width: decoded.width,
    height: decoded.height,
    ...shape,
    source: decoded.source,
    ms: Math.round(performance.now() - t0),
  };
}

/**
 * What the user is asked to look at twice, measured on a small copy of the mask: its separate pieces
 * (a speck of edge is no piece), and whether it crosses the photo. A product rarely reaches two opposite
 * sides; a shelf's edge, a hedge or the horizon taken with it does.
 */
async function shapeOf(alpha: RawImage): Promise<{ pieces: number; crossesFrame: boolean }> {
  const scale = Math.min(1, PIECES_SIDE / Math.max(alpha.width, alpha.height));
  const width = Math.max(1, Math.round(alpha.width * scale));
  const height = Math.max(1, Math.round(alpha.height * scale));
  const small = await toRaw(fromRaw(alpha).resize(width, height, { fit: 'fill' }));
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < mask.length; p++) mask[p] = small.data[p * small.channels]! >= 128 ? 1 : 0;
  const covered = (start: number, step: number, count: number) => {
    let on = 0;
    for (let i = 0; i < count; i++) on += mask[start + i * step]!;
    return on / count >= CROSSING_SHARE;
  };
  const top = covered(0, 1, width);
  const bottom = covered((height - 1) * width, 1, width);
  const left = covered(0, width, height);
  const right = covered(width - 1, width, height);
  return { pieces: pieceCount(mask, width, height), crossesFrame: (left && right) || (top && bottom) };
}

/**
 * The decontaminated cut-out put back in the photo's frame; for a photo the engine would frame, the
 * mask it found applied as it is (the user sees what was found before choosing).
 */
async function previewOf(
  photo: RawImage,
  alpha: RawImage,
  cutout: { image: RawImage; offset: { x: number; y: number } } | null,
): Promise<Buffer> {
  let rgba: RawImage;
  if (cutout) {
    const { image, offset } = cutout;
    rgba = await toRaw(
      fromRaw(image).extend({
        top: offset.y,
        left: offset.x,
        bottom: photo.height - offset.y - image.height,
        right: photo.width - offset.x - image.width,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      }),
    );
  } else {
    const data = Buffer.from(photo.data);
    for (let p = 0; p < alpha.data.length; p++) data[p * 4 + 3] = alpha.data[p]!;
    rgba = { ...photo, data };
  }
  return guard(fromRaw(rgba).webp({ quality: 86, alphaQuality: 100, effort: 2 }).toBuffer());
}
