/**
 * Decoding of uploaded images into 8-bit sRGB pixels, whatever came in: CMYK, 16-bit, grayscale,
 * palette, EXIF-rotated or animated (first frame).
 */
import type { Sharp } from 'sharp';
import { EngineError } from '../errors';
import {
  guard,
  MAX_INPUT_BYTES,
  MAX_INPUT_PIXELS,
  MIN_INPUT_BYTES,
  openUntrusted,
  toRaw,
  type RawImage,
} from './sharp';

/** The spec's accepted upload types (section 5). SVG is refused: it can reference other files. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export type SourceInfo = {
  format: string;
  width: number;
  height: number;
  space: string;
  depth: string;
  hasAlpha: boolean;
  orientation: number;
  pages: number;
};

/** Reads the header only, and refuses what we will not decode before any pixel is touched. */
export async function inspectImage(input: Buffer | { path: string; size: number }): Promise<SourceInfo> {
  const size = Buffer.isBuffer(input) ? input.length : input.size;
  if (size > MAX_INPUT_BYTES) throw new EngineError('IMAGE_TOO_LARGE', 'file over 50 MB');
  if (size < MIN_INPUT_BYTES) throw new EngineError('IMAGE_TOO_SMALL', 'file under 100 bytes');
  const meta = await guard(openUntrusted(Buffer.isBuffer(input) ? input : input.path).metadata());
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new EngineError('IMAGE_UNSUPPORTED', `format ${meta.format ?? 'unknown'} is not accepted`);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new EngineError('IMAGE_CORRUPT', 'image has no size');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new EngineError('IMAGE_TOO_LARGE', `${width}x${height} is over ${MAX_INPUT_PIXELS} pixels`);
  }
  return {
    format: meta.format,
    width,
    height,
    space: meta.space ?? 'srgb',
    depth: meta.depth ?? 'uchar',
    hasAlpha: meta.hasAlpha ?? false,
    orientation: meta.orientation ?? 1,
    pages: meta.pages ?? 1,
  };
}

function normalised(input: Buffer): Sharp {
  // toColourspace('srgb') also casts 16-bit to 8-bit and expands grayscale and palette images.
  return openUntrusted(input).toColourspace('srgb');
}

/**
 * Checks that a stored file decodes whole within the limits, reading it from disk as it goes (uploads
 * up to 50 MB are never loaded at once). Throws the same typed errors as the decoders.
 */
export async function checkDecodableFile(file: { path: string; size: number }): Promise<SourceInfo> {
  const source = await inspectImage(file);
  await guard(
    openUntrusted(file.path, { sequential: true })
      .toColourspace('srgb')
      .resize(64, 64, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer(),
  );
  return source;
}

/** RGBA pixels no larger than maxSide on their longest side (never enlarged). */
export async function decodeRgba(input: Buffer, maxSide: number): Promise<RawImage & { source: SourceInfo }> {
  const source = await inspectImage(input);
  const pipeline = normalised(input)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha();
  return { ...(await toRaw(pipeline)), source };
}

/** Opaque RGB pixels no larger than maxSide; transparent areas laid on white. */
export async function decodeRgb(input: Buffer, maxSide: number): Promise<RawImage & { source: SourceInfo }> {
  const source = await inspectImage(input);
  const pipeline = normalised(input)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    // A transparent context would show whatever colour hides under its alpha.
    .flatten({ background: '#ffffff' });
  return { ...(await toRaw(pipeline)), source };
}

/**
 * Opaque RGB pixels just large enough to cover `size` (never enlarged, and never longer than maxSide):
 * a picture cut from them at that size needs no further resampling. Transparent areas laid on white.
 */
export async function decodeRgbCovering(
  input: Buffer,
  size: { width: number; height: number },
  maxSide: number,
): Promise<RawImage & { source: SourceInfo }> {
  const source = await inspectImage(input);
  const { width, height } = source;
  const scale = Math.min(
    1,
    Math.max(size.width / width, size.height / height),
    maxSide / Math.max(width, height),
  );
  const pipeline = normalised(input)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .flatten({ background: '#ffffff' });
  return { ...(await toRaw(pipeline)), source };
}

/**
 * One region of the upright photo as RGBA pixels: the whole photo as if decoded at `whole` (so a JPEG
 * is shrunk while it loads, and turned upright at that size), then `region` of it. A part read again at
 * more detail than the whole was first decoded at (the cut-out's box, cutout/detail.ts). The file was
 * checked by inspectImage when it was first decoded.
 */
export async function decodeRegionRgba(
  input: Buffer,
  whole: { width: number; height: number },
  region: { left: number; top: number; width: number; height: number },
): Promise<RawImage> {
  const pipeline = normalised(input)
    .resize(whole.width, whole.height, { fit: 'fill' })
    .extract(region)
    .ensureAlpha();
  return toRaw(pipeline);
}
