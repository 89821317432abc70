/**
 * A plain backdrop's separation is exact where the product differs from the backdrop, and wrong where
 * it does not: a pale grey mug before a pale grey wall keeps only its base and a sliver of handle, a
 * bag's handle closes over the wall seen through it, a table's edge joins the product. The model sees
 * shapes, not colours. When the two disagree and the model's map is clear (few pixels neither product
 * nor backdrop), or fairly clear where the two are far apart (decision 108), the model's answer is
 * taken; when they agree, or the model hesitates (a straw hat's brim half-seen), the backdrop's exact
 * edge stays.
 */
import { fromRaw, toRaw, type RawImage } from '../image/sharp';
import type { CutoutBox } from '@vitrine/shared/api/cutout';
import type { BackgroundModel } from './background-model';
import { components } from './clean';
import { backdropThreshold, segmentProduct } from './plain-backdrop';
import { INSTEAD, unlessModelFails } from './model-fallback';

/** Agreement (IoU of the two masks) above which the backdrop's exact separation is kept as it is. */
export const AGREE_ABOVE = 0.85;
/** A clear map: at most this share of the pixels the model gives any weight (> 0.15) are unsure (< 0.85). */
export const CLEAR_AT_MOST = 0.2;
/**
 * Below this agreement the two do not describe the same thing (a dark still life read as a plain
 * backdrop: its separation slices the teapot into strips and keeps the table's edge across the photo,
 * where the model sees a teapot and a cup; decision 108)…
 */
export const APART_BELOW = 0.5;
/** …and there a map that is only fairly clear (some soft edges and half-seen parts) is taken. */
export const FAIRLY_CLEAR_AT_MOST = 0.4;

export type Disagreement = { iou: number; unsure: number; overrules: boolean };

/** How the model's map (at width x height) and the backdrop's full-size alpha compare, and who wins. */
export async function modelAgainstBackdrop(
  map: Float32Array,
  width: number,
  height: number,
  backdropAlpha: RawImage,
): Promise<Disagreement> {
  const studio = await onSmallCopy(backdropAlpha, width, height);
  let both = 0;
  let either = 0;
  let weighted = 0;
  let unsure = 0;
  for (let p = 0; p < map.length; p++) {
    const v = map[p]!;
    const byModel = v >= 0.5;
    const byBackdrop = studio[p]! >= 128;
    if (byModel && byBackdrop) both++;
    if (byModel || byBackdrop) either++;
    if (v > 0.15) {
      weighted++;
      if (v < 0.85) unsure++;
    }
  }
  const iou = either ? both / either : 1;
  const unsureShare = weighted ? unsure / weighted : 1;
  // A model that finds nothing (no weighted pixels) never overrules.
  const clearEnough = iou < APART_BELOW ? FAIRLY_CLEAR_AT_MOST : CLEAR_AT_MOST;
  const overrules = weighted > 0 && iou <= AGREE_ABOVE && unsureShare <= clearEnough;
  return { iou, unsure: unsureShare, overrules };
}

/** The small analysis copy a cut-out is searched on, in Lab, and its backdrop when it is plain. */
export type PlainAnalysis = { lab: Float32Array; width: number; height: number; backdrop: BackgroundModel };

/**
 * The photo's alpha from its plain backdrop's exact separation, without the product's own shadow; null
 * when the separation fails or the model's map (read through `modelMap`, at the analysis copy's size)
 * overrules it: a clear map, or a fairly clear one far from the separation (modelAgainstBackdrop).
 */
export async function backdropSeparation(
  rgba: RawImage,
  analysis: PlainAnalysis,
  modelMap: () => Promise<Float32Array | null>,
  lookCloser?: (box: CutoutBox, whole: Float32Array) => Promise<Float32Array>,
): Promise<RawImage | null> {
  const studio = await segmentProduct(rgba);
  if (!studio.ok) return null;
  const alpha = { data: studio.alpha, width: rgba.width, height: rgba.height, channels: 1 } as const;
  const map = await modelMap();
  if (!map) return alpha;
  const { width, height } = analysis;
  if ((await modelAgainstBackdrop(map, width, height, alpha)).overrules) return null;
  // Around a small product, the whole photo's map is soft for several pixels, over its darkest shade:
  // the model looks again, closer, to tell the product's edge from its shadow.
  const closer = lookCloser ? await closerMap(alpha, map, analysis, lookCloser) : null;
  const near = closer ?? map;
  const unshadowed = await withoutCastShadow(alpha, near, analysis, closer ? CLOSER_SHADE : NOT_PRODUCT);
  const opened = await withoutEnclosedBackdrop(unshadowed, map, analysis);
  return withoutStrayPieces(opened, map, width, height);
}

/** A product whose padded box takes at most this share of the photo's area is looked at again, closer. */
const SMALL_PRODUCT = 0.35;
/** The padding around what the separation keeps, as a share of its box's side. */
const CLOSER_MARGIN = 0.1;

/**
 * The model's map looked at again on the separation's box (box-map.ts), when the product is small in
 * the photo; null when it is not (the second look would see nothing sharper) or the look fails.
 */
async function closerMap(
  alpha: RawImage,
  map: Float32Array,
  { width, height }: PlainAnalysis,
  lookCloser: (box: CutoutBox, whole: Float32Array) => Promise<Float32Array>,
): Promise<Float32Array | null> {
  const kept = await onSmallCopy(alpha, width, height);
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (kept[y * width + x]! >= 128) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return null;
  const mx = (x1 - x0 + 1) * CLOSER_MARGIN;
  const my = (y1 - y0 + 1) * CLOSER_MARGIN;
  const left = Math.max(0, (x0 - mx) / width);
  const top = Math.max(0, (y0 - my) / height);
  const box = {
    x: left,
    y: top,
    width: Math.min(1, (x1 + 1 + mx) / width) - left,
    height: Math.min(1, (y1 + 1 + my) / height) - top,
  };
  if (box.width * box.height > SMALL_PRODUCT) return null;
  return unlessModelFails(lookCloser(box, map), null, INSTEAD.wholePhotoMap);
}

/**
 * The separation without pieces the model does not see at all: a cloud, a reflection or a stain that
 * differs from the backdrop makes a piece of its own, apart from the product. A piece other than the
 * largest is dropped when the model's map over it averages below NOT_PRODUCT (a second product the
 * model sees, an earring's twin, stays).
 */
async function withoutStrayPieces(
  alpha: RawImage,
  map: Float32Array,
  width: number,
  height: number,
): Promise<RawImage> {
  const small = await onSmallCopy(alpha, width, height);
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < mask.length; p++) mask[p] = small[p]! >= 128 ? 1 : 0;
  const { labels, areas } = components(mask, width, height, 1);
  if (areas.length <= 2) return alpha;
  const seen = meanPerPiece(labels, areas, map);
  const largest = areas.indexOf(Math.max(...areas));
  const dropped = areas.map((_, label) => label > 0 && label !== largest && seen[label]! < NOT_PRODUCT);
  if (!dropped.some(Boolean)) return alpha;
  // The dropped pieces, two pixels wider (the full-size soft edge reaches past the small copy's).
  return withoutArea(alpha, grown(labels, dropped, 2, width, height), width, height);
}

/**
 * Below this, a pixel in the backdrop's shade is not the product, when the model looked closer at a
 * small product (its map sharp around it); on the whole photo's softer map, below NOT_PRODUCT.
 */
const CLOSER_SHADE = 0.4;
/** Below this, the model says a pixel is not the product. */
const NOT_PRODUCT = 0.15;

/**
 * The backdrop's separation without the product's own shadow: a shadow cast on the sweep or the table
 * differs from the backdrop (darker), so the separation keeps it, as a grey band under a hat's brim.
 * Pixels the model says are not the product and that are the backdrop in shade (same hue, darker)
 * are taken out of the alpha.
 */
async function withoutCastShadow(
  alpha: RawImage,
  map: Float32Array,
  { lab, width, height, backdrop }: PlainAnalysis,
  notProduct: number,
): Promise<RawImage> {
  const shaded = backdrop.shaded(lab);
  const shadow = Buffer.alloc(width * height);
  let any = false;
  for (let p = 0; p < shadow.length; p++)
    if (shaded[p] && map[p]! < notProduct) {
      shadow[p] = 255;
      any = true;
    }
  if (!any) return alpha;
  return withoutArea(alpha, shadow, width, height);
}

/**
 * The separation without the backdrop it encloses: the separation keeps everything the backdrop does
 * not reach from the photo's border, so the sweep seen between a lens and its temple, or inside a loop
 * closed by the product's own shadow, stays as a white wedge. A pocket inside it that is the backdrop's
 * colour, at least LEAST_POCKET of it, and that the model says is not the product, is opened. A pale
 * label on a pale product is the product's to the model, and stays; without a model nothing opens.
 */
async function withoutEnclosedBackdrop(
  alpha: RawImage,
  map: Float32Array,
  { lab, width, height, backdrop }: PlainAnalysis,
): Promise<RawImage> {
  const kept = await onSmallCopy(alpha, width, height);
  // The backdrop's own tolerance, as the separation measured it (plain-backdrop.ts).
  const threshold = backdropThreshold(backdrop.spread) ** 2;
  const distance = backdrop.distanceSquared(lab);
  const pocket = new Uint8Array(width * height);
  let area = 0;
  for (let p = 0; p < pocket.length; p++) {
    if (kept[p]! < 128) continue;
    area++;
    if (distance[p]! < threshold) pocket[p] = 1;
  }
  const { labels, areas } = components(pocket, width, height, 1);
  const seen = meanPerPiece(labels, areas, map);
  const open = areas.map(
    (size, label) => label > 0 && size >= LEAST_POCKET * area && seen[label]! < NOT_PRODUCT,
  );
  if (!open.some(Boolean)) return alpha;
  // Each pocket a pixel wider (its rim mixes backdrop and product's edge on the small copy), but not
  // over what the model is sure is the product.
  const out = grown(labels, open, 1, width, height);
  for (let p = 0; p < out.length; p++) if (map[p]! >= SURE_PRODUCT) out[p] = 0;
  return withoutArea(alpha, out, width, height);
}

/** A pocket of backdrop is opened when it is at least this share of what the separation keeps. */
const LEAST_POCKET = 0.002;
/** Where the map is this sure, a pocket's rim is the product's edge and stays. */
const SURE_PRODUCT = 0.85;

/** The full-size alpha on the analysis copy (`width` x `height`), one byte a pixel. */
async function onSmallCopy(alpha: RawImage, width: number, height: number): Promise<Buffer> {
  return (await toRaw(fromRaw(alpha).resize(width, height, { fit: 'fill' }).extractChannel(0))).data;
}

/** The model's mean over each labelled piece (components(): `labels` and their `areas`). */
function meanPerPiece(labels: Int32Array, areas: number[], map: Float32Array): Float64Array {
  const sum = new Float64Array(areas.length);
  for (let p = 0; p < labels.length; p++) if (labels[p]) sum[labels[p]!]! += map[p]!;
  return sum.map((total, label) => (areas[label] ? total / areas[label]! : 0));
}

/** The chosen pieces (by label), `radius` pixels wider, as an area to take out (255). */
function grown(labels: Int32Array, chosen: boolean[], radius: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let dy = -radius; dy <= radius; dy++)
        for (let dx = -radius; dx <= radius; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if (chosen[labels[ny * width + nx]!]) out[y * width + x] = 255;
        }
  return out;
}

/** The full-size alpha with an area taken out: `area` (255 = out) on the small copy, scaled up softly. */
async function withoutArea(alpha: RawImage, area: Buffer, width: number, height: number): Promise<RawImage> {
  const { data: big } = await toRaw(
    fromRaw({ data: area, width, height, channels: 1 })
      .resize(alpha.width, alpha.height, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0),
  );
  const out = Buffer.from(alpha.data);
  for (let p = 0; p < out.length; p++) out[p] = Math.round((out[p]! * (255 - big[p]!)) / 255);
  return { ...alpha, data: out };
}
