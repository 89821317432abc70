/**
 * The automatic segmentation behind a cut-out (cutout.ts): the photo's own transparency when it has
 * some, else a plain backdrop's exact separation or the product found on a small analysis copy (the
 * model's map, or saliency and GrabCut, within the user's box if there is one), its edge refined at
 * full size; and how a mask is measured (coverage, whether it is framed, and why).
 */
import type { CutoutBox, FramedReason } from '@vitrine/shared/api/cutout';
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import { labImage } from '../pixels/color';
import { holdsProduct, mapInBox } from './box-map';
import { FRAME_BELOW, MIN_PRODUCT_SHARE } from './confidence';
import type { CutoutMask, CutoutOptions } from './cutout';
import { crispOverBusyGround } from './crisp-edge';
import { withoutEdgeSpecks } from './edge-speckle';
import { withFaintParts } from './faint-parts';
import { withoutGroundOccluders } from './ground-occluders';
import { openHoles } from './holes';
import { clearOutsideBox } from './mask-ops';
import { INSTEAD, unlessModelFails } from './model-fallback';
import { plainBackdrop } from './plain-backdrop';
import { refineAlpha } from './refine';
import { lookCloser } from './second-look';
import { stopwatch } from './stopwatch';
import { backdropSeparation } from './studio-or-model';
import { segmentSubject } from './subject';

/** Transparent pixels needed before the file's own alpha is trusted as a cut-out. */
const MIN_TRANSPARENT_SHARE = 0.005;
/** Longest side of the copy the subject is segmented on: GrabCut's cost grows with its pixels. */
const ANALYSIS_SIDE = 320;
/** Longest side the edge filter works at (its result is applied at full size). */
const REFINE_SIDE = 400;
/**
 * From this longest side, the edge loses specks one pixel wide (edge-speckle.ts); on smaller photos a
 * pixel is a detail (an antenna, a slat) and the edge is kept as the filter drew it (decision 084).
 */
const SPECKS_FROM_SIDE = 1000;
/** The part of the edge filter's ramp taken to the alpha's 0 to 1: from EDGE_FLOOR, EDGE_RAMP wide. */
const EDGE_FLOOR = 0.2;
const EDGE_RAMP = 0.6;
/** A plain backdrop's separation is exact by construction (enclosed, backdrop-coloured, smooth). */
const STUDIO_CONFIDENCE = 0.95;

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

/** The mask found by segmenting the photo, within the user's box if there is one. */
export async function segment(rgba: RawImage, options: CutoutOptions): Promise<CutoutMask> {
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
      ? unlessModelFails(options.model.predict(small), null, INSTEAD.ownSegmentation).then(
          // A pale part of the product the model half-sees (faint-parts.ts).
          (found) => found && withFaintParts(found, lab, width, height),
        )
      : Promise.resolve(null));

  // A plain backdrop (told from the small copy's borders) has its own, exact separation, unless a
  // clear model's map disagrees with it (studio-or-model.ts).
  const backdrop = boxed ? null : plainBackdrop(lab, width, height);
  if (backdrop) {
    const model = options.model;
    const inBox = model
      ? (box: CutoutBox, whole: Float32Array) => mapInBox(model, rgba, whole, box, width, height)
      : undefined;
    const studio = await backdropSeparation(rgba, { lab, width, height, backdrop }, modelMap, inBox);
    lap('studio');
    if (studio) return { ...measured(studio, 'studio', STUDIO_CONFIDENCE, false), timings };
  }

  // Without a box, the model looks again at what it found, closer (second-look.ts).
  const closer = async (found: Float32Array | null) =>
    found && options.model
      ? unlessModelFails(lookCloser(options.model, rgba, found, width, height), found, INSTEAD.wholePhotoMap)
      : found;
  let method: CutoutMask['method'] = boxed ? 'corrected' : 'segmented';
  let prior = await modelMap().then((found) => (boxed ? found : closer(found)));
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
  // A little contrast: the filter's soft ramp, a little narrower.
  for (let p = 0; p < soft.length; p++) {
    const v = (soft[p]! - EDGE_FLOOR) / EDGE_RAMP;
    alpha[p] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  // Beside a textured ground the filter's ramp is its own blur, not the photo's (crisp-edge.ts).
  crispOverBusyGround(rgba, soft, alpha, 1 / EDGE_RAMP);
  // Specks of a textured ground along the edge, on photos large enough that a pixel is a grain.
  const despeckled = longest >= SPECKS_FROM_SIDE ? withoutEdgeSpecks(alpha, rgba.width, rgba.height) : alpha;
  // A box the user drew is a promise: nothing outside it is the product, however the edge spreads.
  if (corrections?.box) clearOutsideBox(despeckled, rgba.width, rgba.height, corrections.box);
  // Grass standing before the base and beside it (ground-occluders.ts).
  const cleaned = withoutGroundOccluders(rgba, despeckled);
  const mask = { data: cleaned, width: rgba.width, height: rgba.height, channels: 1 } as const;
  lap('edge');
  const trusted = boxed || options.accept === true;
  const result = measured(mask, method, subject.confidence, !trusted && subject.confidence < FRAME_BELOW);
  return { ...result, parts: subject.parts, timings };
}

export function measured(
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
