/** The uploads of a Fusion request, decoded once and shared by every variant: the product cut out. */
import { FUSION_FORMAT_SIZES } from '@vitrine/shared/api/generation';
import { decodeRgbCovering, decodeRgba, type SourceInfo } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { cutOut, type Cutout } from './cutout';

/** Longest side kept from product uploads: enough for the largest product box. */
const PRODUCT_SIDE = 1400;
/**
 * The context is kept just large enough to cover a canvas: by default the largest side of any format,
 * so the tallest and widest formats are plain crops of it. Never longer than CONTEXT_MAX_SIDE.
 */
const CONTEXT_COVER = Math.max(
  ...Object.values(FUSION_FORMAT_SIZES).flatMap((size) => [size.width, size.height]),
);
const CONTEXT_MAX_SIDE = 2 * CONTEXT_COVER;

export type PreparedProduct = { cutout: Cutout; source: SourceInfo; decodeMs: number; cutoutMs: number };
export type PreparedContext = { image: RawImage; source: SourceInfo; decodeMs: number };

const since = (start: number) => Math.round(performance.now() - start);

/** A product whose cut-out may still be running: a variant draws its scene meanwhile. */
export type ProductSource = PreparedProduct | Promise<PreparedProduct>;

export async function prepareProduct(input: Buffer): Promise<PreparedProduct> {
  return (await startProduct(input)).ready;
}

/**
 * The product decoded now (a bad file fails here, before any variant starts) and cut out after the
 * caller's current step: the variants' scenes, which do not need the product, are drawn meanwhile.
 */
export async function startProduct(input: Buffer): Promise<{ ready: Promise<PreparedProduct> }> {
  const t0 = performance.now();
  const decoded = await decodeRgba(input, PRODUCT_SIDE);
  const decodeMs = since(t0);
  const ready = Promise.resolve().then(async () => {
    const t1 = performance.now();
    const cutout = await cutOut(decoded);
    return { cutout, source: decoded.source, decodeMs, cutoutMs: since(t1) };
  });
  // A caller that stops early must not leave an unhandled rejection behind.
  ready.catch(() => undefined);
  return { ready };
}

/**
 * The context photo, decoded just large enough to cover the canvas (when the caller knows it: every
 * variant of a request shares it) or any canvas: each variant's framing is then a crop, or a crop and
 * a reduction, resampled once from the file rather than enlarged a second time.
 */
export async function prepareContext(
  input: Buffer,
  canvas: { width: number; height: number } = { width: CONTEXT_COVER, height: CONTEXT_COVER },
): Promise<PreparedContext> {
  const t0 = performance.now();
  const decoded = await decodeRgbCovering(input, canvas, CONTEXT_MAX_SIDE);
  return { image: decoded, source: decoded.source, decodeMs: since(t0) };
}
