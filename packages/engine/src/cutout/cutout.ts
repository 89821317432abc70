/**
 * Product cut-out, used by every provider. A PNG/WebP's own alpha is kept. Otherwise, in order:
 * a plain or studio backdrop modelled from the borders (when that is clearly what the photo is); a
 * salient-object model (the one npm install put in place, or CUTOUT_MODEL's); else the main subject
 * segmented from whatever it was photographed on (cutout/subject.ts). The edge is then refined at full
 * size and its colours decontaminated. A box the user draws re-runs the segmentation inside it; keep
 * and remove strokes then change the mask near them only (@vitrine/shared/cutout/brush). The photo is framed whole only when confidence is low, or when the user asks, and the
 * result says so.
 */
import type { CutoutCorrections, CutoutMethodName, FramedReason } from '@vitrine/shared/api/cutout';
import { applyStrokes } from '@vitrine/shared/cutout/brush';
import type { RawImage } from '../image/sharp';
import type { ConfidenceParts } from './confidence';
import { decontaminate } from './foreground';
import { groundOccluders, takeOut } from './ground-occluders';
import { paintedIn, paintOver } from './occluder-fill';
import type { Area } from './occluder-shapes';
import { clearOutsideBox, trim } from './mask-ops';
import type { SaliencyModel } from './model';
import { measured, segment } from './segment';

export { clearOutsideBox, trim };

export type CutoutMethod = CutoutMethodName;

export type Cutout = {
  /**
   * RGBA, trimmed to the product; read again from the file at more detail than the decoded photo when
   * it has more (detail.ts). For 'framed', the whole opaque photo.
   */
  image: RawImage;
  method: CutoutMethod;
  /** Why the photo is framed rather than cut out. */
  reason?: FramedReason;
  /** Share of the photo the product covers, 0 to 1. */
  coverage: number;
  /** Where the trimmed image starts in the decoded photo, in its pixels. */
  offset: { x: number; y: number };
  /**
   * The image's pixels per pixel of the decoded photo: 1 (or absent) unless it was read again at more
   * detail (detail.ts). The image covers `offset` to `offset + image size / scale` of the photo.
   */
  scale?: number;
  /** 0 to 1: how sure the engine is of the cut-out (1 for a file's own alpha or the user's corrections). */
  confidence: number;
  /**
   * One channel the image's size, 255 where its colours are the engine's rather than the photo's (grass
   * before the product painted over, ground-occluders.ts): a second reading of the file keeps them.
   */
  painted?: RawImage;
};

/** A cut-out's mask over the whole decoded photo, for storage and for the user to check. */
export type CutoutMask = {
  /** One channel, the decoded photo's size; 255 = product. Null when no product was found. */
  alpha: RawImage | null;
  /** How the mask was made; for a framed photo, the method that tried. */
  method: Exclude<CutoutMethod, 'framed'>;
  framed: boolean;
  reason: FramedReason | null;
  confidence: number;
  coverage: number;
  parts?: ConfidenceParts;
  /** Milliseconds per step of the search, for benchmarks and logs. */
  timings?: Record<string, number>;
  /**
   * For a mask with strokes: the mask they were painted on (the automatic one, or the box's), kept so
   * that the next strokes start from it without segmenting again. Null when nothing was found.
   */
  base?: RawImage | null;
};

/** What the caller already decided: a stored mask (the user checked it), or the whole photo. */
export type CutoutDecision =
  | { framed: false; alpha: RawImage; method: Exclude<CutoutMethod, 'framed'>; confidence: number }
  | { framed: true; reason: FramedReason; confidence: number };

export type CutoutOptions = {
  /** The user's corrections: a box re-runs the segmentation, strokes are painted on its result. */
  corrections?: CutoutCorrections | null;
  /**
   * The mask the strokes are painted on, as found earlier for the same box (or none): given, the
   * photo is not segmented again. Ignored when it is not the photo's size.
   */
  base?: RawImage | null;
  /** The user accepted the automatic cut-out: it is used even when confidence is low. */
  accept?: boolean;
  /** The salient-object model (installed, or CUTOUT_MODEL's), if any. */
  model?: SaliencyModel | null;
};

export async function cutOut(rgba: RawImage, options: CutoutOptions = {}): Promise<Cutout> {
  return cutoutFrom(rgba, await findMask(rgba, options));
}

/** The cut-out from a mask found earlier (or from a decision the caller made). */
export function cutoutFrom(rgba: RawImage, found: CutoutMask | CutoutDecision): Cutout {
  if (found.framed) return framed(rgba, found.reason ?? 'low-confidence', found.confidence);
  if (!found.alpha) return framed(rgba, 'no-product-found', found.confidence);
  const alpha = found.alpha;
  if (alpha.width !== rgba.width || alpha.height !== rgba.height)
    throw new Error(
      `mask ${alpha.width}x${alpha.height} does not match the photo ${rgba.width}x${rgba.height}`,
    );
  let rgbaOut: Buffer;
  let kept: Uint8Array = alpha.data;
  let painted: { area: Area; before: Uint8Array } | null = null;
  if (found.method === 'alpha') {
    rgbaOut = Buffer.from(rgba.data);
    for (let p = 0; p < alpha.data.length; p++) rgbaOut[p * 4 + 3] = alpha.data[p]!;
  } else {
    // Grass before the product (ground-occluders.ts; a plain backdrop has none): what the mask still
    // holds beside the product leaves it, what stands before it takes the product's colours. Looked
    // for again on a stored or corrected mask, so that one look decides both.
    const occluders =
      found.method === 'studio' ? null : groundOccluders(rgba, alpha.data, found.method !== 'corrected');
    if (occluders) kept = takeOut(occluders, rgba, alpha.data);
    // A plain loop: typed-array from() with a mapping function is slow on a million pixels.
    const soft = new Float32Array(kept.length);
    for (let p = 0; p < soft.length; p++) soft[p] = kept[p]! / 255;
    rgbaOut = decontaminate(rgba, soft);
    const before = occluders && paintOver(occluders, rgba, kept, rgbaOut);
    if (before) painted = { area: occluders!.area, before };
  }
  let visible = 0;
  for (let p = 0; p < kept.length; p++) visible += kept[p]! >= 128 ? 1 : 0;
  const image = { data: rgbaOut, width: rgba.width, height: rgba.height, channels: 4 } as const;
  const trimmed = trim(image);
  return {
    ...trimmed,
    ...(painted && { painted: paintedIn(painted.area, painted.before, trimmed.offset, trimmed.image) }),
    method: found.method,
    coverage: visible / kept.length,
    confidence: found.confidence,
  };
}

function framed(rgba: RawImage, reason: FramedReason, confidence: number): Cutout {
  const opaque = Buffer.from(rgba.data);
  for (let i = 3; i < opaque.length; i += 4) opaque[i] = 255;
  return {
    image: { ...rgba, data: opaque },
    offset: { x: 0, y: 0 },
    method: 'framed',
    reason,
    coverage: 1,
    confidence,
  };
}

/** Where the product is in the photo, and whether the engine trusts it enough to cut it out. */
export async function findMask(rgba: RawImage, options: CutoutOptions = {}): Promise<CutoutMask> {
  const corrections = options.corrections ?? null;
  if (!corrections?.strokes.length) return segment(rgba, options);
  const t0 = performance.now();
  const box = corrections.box;
  const given = options.base;
  const fits =
    given !== undefined && (!given || (given.width === rgba.width && given.height === rgba.height));
  // What the user painted on: the automatic mask, or the box's (accepted: the user is working on it).
  const found = fits
    ? null
    : await segment(rgba, { ...options, corrections: box ? { box, strokes: [] } : null, accept: true });
  const base = fits ? given! : found!.alpha;
  const alpha = base ? Buffer.from(base.data) : Buffer.alloc(rgba.width * rgba.height);
  const painted = performance.now();
  applyStrokes(alpha, rgba, corrections.strokes);
  const mask = { data: alpha, width: rgba.width, height: rgba.height, channels: 1 } as const;
  const timings = {
    ...found?.timings,
    base: Math.round(painted - t0),
    strokes: Math.round(performance.now() - painted),
  };
  return { ...measured(mask, 'corrected', found?.confidence ?? 1, false), base, timings };
}
