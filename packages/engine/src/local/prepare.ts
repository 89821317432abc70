/** The uploads of a Fusion request, decoded once and shared by every variant: the product cut out. */
import { decodeRgb, decodeRgba, type SourceInfo } from '../image/decode';
import type { RawImage } from '../image/sharp';
import { cutOut, type Cutout } from './cutout';

/** Longest side kept from uploads: enough for the largest product box and context crop. */
const PRODUCT_SIDE = 1400;
const CONTEXT_SIDE = 2400;

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

export async function prepareContext(input: Buffer): Promise<PreparedContext> {
  const t0 = performance.now();
  const decoded = await decodeRgb(input, CONTEXT_SIDE);
  return { image: decoded, source: decoded.source, decodeMs: since(t0) };
}
