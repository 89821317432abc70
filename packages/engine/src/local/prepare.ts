/** The uploads of a Fusion request, decoded once and shared by every variant: the product cut out. */
import { FUSION_FORMAT_SIZES, SCENE_FORMATS } from '@vitrine/shared/api/generation';
import { decodeRgbCovering, decodeRgba, type SourceInfo } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { cutOutProduct } from '../cutout/thread';
import { readProductView } from './read-product-view';
import { decodeMask } from '../cutout/mask-file';
import { PRODUCT_SIDE, type CutoutJob, type ProductCutoutInput } from '../cutout/run';
import type { Cutout } from '../cutout/cutout';
import { standUpright } from '../cutout/upright';
import { withDetail, withoutPainted } from '../cutout/detail';
import type { ProductViewReading, SceneReading } from '../art-direction/scene-reading';
import { readScene } from './read-scene';

/**
 * The context is kept just large enough to cover a canvas: by default the largest side of any format,
 * so the tallest and widest formats are plain crops of it (the marketplace image has no scene: it does
 * not count). Never longer than CONTEXT_MAX_SIDE.
 */
const CONTEXT_COVER = Math.max(
  ...SCENE_FORMATS.flatMap((format) => [
    FUSION_FORMAT_SIZES[format].width,
    FUSION_FORMAT_SIZES[format].height,
  ]),
);
const CONTEXT_MAX_SIDE = 2 * CONTEXT_COVER;

export type PreparedProduct = {
  cutout: Cutout;
  /** How the photo was taken, read around the cut-out before it is stood upright. */
  view: ProductViewReading;
  source: SourceInfo;
  decodeMs: number;
  cutoutMs: number;
};
/** The context photo decoded, and what it says of its surface, light and warmth (read-scene.ts). */
export type PreparedContext = {
  image: RawImage;
  source: SourceInfo;
  decodeMs: number;
  reading?: SceneReading;
};

const since = (start: number) => Math.round(performance.now() - start);

/** A product whose cut-out may still be running: a variant draws its scene meanwhile. */
export type ProductSource = PreparedProduct | Promise<PreparedProduct>;

export async function prepareProduct(input: Buffer, how: ProductCutoutInput = {}): Promise<PreparedProduct> {
  return (await startProduct(input, how)).ready;
}

/**
 * The product decoded now (a bad file fails here, before any variant starts) and cut out on the
 * cut-out thread meanwhile: the variants' scenes, which do not need the product, are drawn in
 * parallel. `job` carries a cut-out the user already checked (or corrections, or the whole photo).
 */
export async function startProduct(
  input: Buffer,
  how: ProductCutoutInput = {},
): Promise<{ ready: Promise<PreparedProduct> }> {
  const t0 = performance.now();
  const decoded = await decodeRgba(input, PRODUCT_SIDE);
  const decodeMs = since(t0);
  const ready = Promise.resolve().then(async () => {
    const t1 = performance.now();
    const { cutout } = await cutOutProduct(decoded, await jobFor(how, decoded));
    const [view, detailed] = await Promise.all([
      readProductView(decoded, cutout),
      // The product's box read again from the file, at the detail it is shown at (cutout/detail.ts):
      // an improvement, so a failure to read it keeps the cut-out as it was.
      withDetail(input, decoded, decoded.source, cutout).catch(() => withoutPainted(cutout)),
    ]);
    // A product photographed leaning stands upright in the scene (cutout/upright.ts).
    const upright = await standUpright(detailed);
    return { cutout: upright, view, source: decoded.source, decodeMs, cutoutMs: since(t1) };
  });
  // A caller that stops early must not leave an unhandled rejection behind.
  ready.catch(() => undefined);
  return { ready };
}

/** The cut-out job for a request: the stored mask decoded at the photo's size, or a search. */
async function jobFor(how: ProductCutoutInput, photo: RawImage): Promise<CutoutJob> {
  const { stored, model } = how;
  if (!stored) return { model };
  if (stored.framed) return { decision: stored };
  const alpha = await decodeMask(stored.maskPng, photo);
  return { decision: { framed: false, alpha, method: stored.method, confidence: stored.confidence } };
}

/**
 * The context photo, decoded just large enough to cover the canvas (when the caller knows it: every
 * variant of a request shares it) or any canvas: each variant's framing is then a crop, or a crop and
 * a reduction, resampled once from the file rather than enlarged a second time.
 */
export async function prepareContext(
  input: Buffer,
  canvas: { width: number; height: number } = { width: CONTEXT_COVER, height: CONTEXT_COVER },
  read: (image: RawImage) => SceneReading | Promise<SceneReading> = readScene,
): Promise<PreparedContext> {
  const t0 = performance.now();
  const decoded = await decodeRgbCovering(input, canvas, CONTEXT_MAX_SIDE);
  const reading = await read(decoded);
  return { image: decoded, source: decoded.source, decodeMs: since(t0), reading };
}
