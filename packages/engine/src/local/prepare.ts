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

export async function prepareProduct(input: Buffer): Promise<PreparedProduct> {
  const t0 = performance.now();
  const decoded = await decodeRgba(input, PRODUCT_SIDE);
  const t1 = performance.now();
  const cutout = await cutOut(decoded);
  return { cutout, source: decoded.source, decodeMs: Math.round(t1 - t0), cutoutMs: since(t1) };
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
