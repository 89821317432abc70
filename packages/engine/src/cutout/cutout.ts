/**
 * Product cut-out, used by every provider. A PNG/WebP's own alpha is kept. Otherwise, in order:
 * a plain or studio backdrop modelled from the borders (when that is clearly what the photo is); a
 * salient-object model (the one npm install put in place, or CUTOUT_MODEL's); else the main subject
 * segmented from whatever it was photographed on (cutout/subject.ts). The edge is then refined at full
 * size and its colours decontaminated. A box the user draws re-runs the segmentation inside it; keep
 * and remove strokes then change the mask near them only (@vitrine/shared/cutout/brush). The photo is framed whole only when confidence is low, or when the user asks, and the
 * result says so.
 */
import type {
  CutoutBox,
  CutoutCorrections,
  CutoutMethodName,
  FramedReason,
} from '@vitrine/shared/api/cutout';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { FRAME_BELOW, MIN_PRODUCT_SHARE, type ConfidenceParts } from './confidence';
import { decontaminate } from './foreground';
import { openHoles } from './holes';
import { withoutEdgeSpecks } from './edge-speckle';
import { clearOutsideBox, trim } from './mask-ops';

export { clearOutsideBox, trim };
import type { SaliencyModel } from './model';
import { INSTEAD, unlessModelFails } from './model-fallback';
import { refineAlpha } from './refine';
import { applyStrokes } from '@vitrine/shared/cutout/brush';
import { holdsProduct, mapInBox } from './box-map';
import { stopwatch } from './stopwatch';
import { segmentSubject } from './subject';
import { labImage } from '../pixels/color';
import { plainBackdrop } from './plain-backdrop';
import { backdropSeparation } from './studio-or-model';

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

/** Transparent pixels needed before the file's own alpha is trusted as a cut-out. */
const MIN_TRANSPARENT_SHARE = 0.005;
/** Longest side of the copy the subject is segmented on: GrabCut's cost grows with its pixels. */
export const ANALYSIS_SIDE = 320;
/** Longest side the edge filter works at (its result is applied at full size). */
const REFINE_SIDE = 400;
/**
 * From this longest side, the edge loses specks one pixel wide (edge-speckle.ts); on smaller photos a
 * pixel is a detail (an antenna, a slat) and the edge is kept as the filter drew it (decision 084).
 */
const SPECKS_FROM_SIDE = 1000;
/** A plain backdrop's separation is exact by construction (enclosed, backdrop-coloured, smooth). */
const STUDIO_CONFIDENCE = 0.95;

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
  if (found.method === 'alpha') {
    rgbaOut = Buffer.from(rgba.data);
    for (let p = 0; p < alpha.data.length; p++) rgbaOut[p * 4 + 3] = alpha.data[p]!;
  } else {
    // A plain loop: typed-array from() with a mapping function is slow on a million pixels.
    const soft = new Float32Array(alpha.data.length);
    for (let p = 0; p < soft.length; p++) soft[p] = alpha.data[p]! / 255;
    rgbaOut = decontaminate(rgba, soft);
  }
  let visible = 0;
  for (let p = 0; p < alpha.data.length; p++) visible += alpha.data[p]! >= 128 ? 1 : 0;
  const image = { data: rgbaOut, width: rgba.width, height: rgba.height, channels: 4 } as const;
  return {
    ...trim(image),
    method: found.method,
    coverage: visible / alpha.data.length,
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

const ownAlpha = (rgba: RawImage): RawImage | null => {
  const { data, width, height } = rgba;
  const count = width * height;
  let transparent = 0;
  for (let p = 0; p < count; p++) if (data[p * 4 + 3]! < 128) transparent++;
  if (transparent / count < MIN_TRANSPARENT_SHARE || transparent === count) return null;
  const alpha = Buffer.alloc(count);
  for (let p = 0; p < count; p++) alpha[p] = data[p * 4 + 3]!;
  return { data: alpha, width, height, channels: 1 };
};

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

/** The mask found by segmenting the photo, within the user's box if there is one. */
async function segment(rgba: RawImage, options: CutoutOptions): Promise<CutoutMask> {
  const { timings, lap, restart } = stopwatch();
  const corrections = options.corrections ?? null;
  const boxed = Boolean(corrections?.box);
  if (!boxed) {
    const own = ownAlpha(rgba);
    if (own) return measured(own, 'alpha', 1, false);
  }

  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(rgba.width, rgba.height));
  const width = Math.max(1, Math.round(rgba.width * scale));
  const height = Math.max(1, Math.round(rgba.height * scale));
  const small = await toRaw(fromRaw(rgba).removeAlpha().resize(width, height, { fit: 'fill' }));
  const lab = await labImage(small);
  lap('analysisCopy');

  // The model's map, read at most once: the backdrop's separation may be checked against it first.
  let map: Promise<Float32Array | null> | undefined;
  const modelMap = () =>
    (map ??= options.model
      ? unlessModelFails(options.model.predict(small), null, INSTEAD.ownSegmentation)
      : Promise.resolve(null));

  // A plain backdrop (told from the small copy's borders) has its own, exact separation, unless a
  // clear model's map disagrees with it (studio-or-model.ts).
  const backdrop = boxed ? null : plainBackdrop(lab, width, height);
  if (backdrop) {
    const model = options.model;
    const lookCloser = model
      ? (box: CutoutBox, whole: Float32Array) => mapInBox(model, rgba, whole, box, width, height)
      : undefined;
    const studio = await backdropSeparation(rgba, { lab, width, height, backdrop }, modelMap, lookCloser);
    lap('studio');
    if (studio) return { ...measured(studio, 'studio', STUDIO_CONFIDENCE, false), timings };
  }

  let method: CutoutMask['method'] = boxed ? 'corrected' : 'segmented';
  let prior = await modelMap();
  if (prior && !boxed) method = 'model';
  // Within a box, the model looks again at the box itself (box-map.ts).
  if (prior && options.model && corrections?.box)
    prior = await unlessModelFails(
      mapInBox(options.model, rgba, prior, corrections.box, width, height),
      prior,
      INSTEAD.wholePhotoMap,
    );
  // A box drawn around something the model missed: the box, not the model, says where the product is.
  if (prior && corrections?.box && !holdsProduct(prior, width, height, corrections.box)) prior = null;
  const subject = await segmentSubject(small.data, lab, width, height, {
    prior,
    box: corrections?.box ?? null,
    // A model's map is already a segmentation (a box just bounds it).
    grabCut: !prior,
    timings,
  });
  restart();
  let area = 0;
  for (const v of subject.mask) area += v;
  if (area === 0)
    return { alpha: null, method, framed: true, reason: 'no-product-found', confidence: 0, coverage: 0 };

  // The background seen through a handle or a frame, which a model fills in.
  if (prior) openHoles(subject.mask, lab, prior, width, height);
  const coarse = new Float32Array(subject.mask.length);
  for (let p = 0; p < coarse.length; p++) coarse[p] = subject.mask[p]!;
  const longest = Math.max(rgba.width, rgba.height);
  const soft = refineAlpha(
    rgba,
    { alpha: coarse, width, height },
    {
      radius: Math.max(4, Math.round(longest / width) * 2 + 2),
      step: Math.max(2, Math.round(longest / REFINE_SIDE)),
    },
  );
  const alpha = Buffer.alloc(soft.length);
  // A little contrast: the filter's soft ramp becomes a clean edge a pixel or two wide.
  for (let p = 0; p < soft.length; p++) {
    const v = (soft[p]! - 0.2) / 0.6;
    alpha[p] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  // Specks of a textured ground along the edge, on photos large enough that a pixel is a grain.
  const cleaned = longest >= SPECKS_FROM_SIDE ? withoutEdgeSpecks(alpha, rgba.width, rgba.height) : alpha;
  // A box the user drew is a promise: nothing outside it is the product, however the edge spreads.
  if (corrections?.box) clearOutsideBox(cleaned, rgba.width, rgba.height, corrections.box);
  const mask = { data: cleaned, width: rgba.width, height: rgba.height, channels: 1 } as const;
  lap('edge');
  const trusted = boxed || options.accept === true;
  const result = measured(mask, method, subject.confidence, !trusted && subject.confidence < FRAME_BELOW);
  return { ...result, parts: subject.parts, timings };
}

function measured(
  alpha: RawImage,
  method: CutoutMask['method'],
  confidence: number,
  lowConfidence: boolean,
): CutoutMask {
  let visible = 0;
  for (let p = 0; p < alpha.data.length; p++) visible += alpha.data[p]! >= 128 ? 1 : 0;
  const coverage = visible / alpha.data.length;
  // Nothing, or a speck too small to be a product: the user is told no product was found (and asked to
  // draw a box), not offered to use an empty cut-out anyway.
  const reason: FramedReason | null =
    visible === 0 || (lowConfidence && coverage < MIN_PRODUCT_SHARE)
      ? 'no-product-found'
      : lowConfidence
        ? 'low-confidence'
        : null;
  return { alpha, method, framed: reason !== null, reason, confidence, coverage };
}
