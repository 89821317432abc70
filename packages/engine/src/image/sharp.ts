/**
 * The only place that constructs sharp instances. Untrusted files get an explicit pixel limit, strict
 * decoding, EXIF orientation, the first frame only and a processing timeout; libvips errors become
 * EngineErrors so a hostile upload can never crash or hang a worker.
 */
import sharp, { type Sharp } from 'sharp';
import { EngineError } from '../errors';

// A worker renders many different images: the operation cache would only hold memory.
sharp.cache(false);

/** 64 megapixels: a phone's full-resolution 48 or 50 MP photo (8160 x 6144) and a 61 MP camera pass. */
export const MAX_INPUT_PIXELS = 64_000_000;
/** The spec's upload limit (section 5). */
export const MAX_INPUT_BYTES = 50 * 1024 * 1024;
/** The spec's smallest accepted upload. */
export const MIN_INPUT_BYTES = 100;
const TIMEOUT_SECONDS = 20;

export type RawImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * An uploaded file, opened with every safety option: its bytes, or the path of a file our own storage
 * wrote (read from disk as decoding goes, so a large upload is never held whole in memory).
 */
export function openUntrusted(input: Buffer | string, options: { sequential?: boolean } = {}): Sharp {
  return sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    autoOrient: true,
    pages: 1,
    page: 0,
    ...(options.sequential ? { sequentialRead: true } : {}),
  }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** Pixels the engine made itself. */
export function fromRaw(image: RawImage): Sharp {
  const { width, height, channels } = image;
  return sharp(image.data, { raw: { width, height, channels } }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** An image file the engine encoded itself a moment ago (never user input). */
export function fromEngineFile(file: Buffer): Sharp {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** Text in a box (`height`: libvips picks the largest size that fits) or at a given size (`dpi`). */
export type TextSpec = {
  markup: string;
  font: string;
  /** A font file for libvips to register before setting the text (fontconfig may know it already). */
  fontfile?: string;
  width: number;
  align: 'left' | 'centre';
} & ({ height: number; dpi?: never } | { dpi: number; height?: never });

/**
 * Pango-rendered text, wrapped at words to the width. Given a height, libvips picks the largest size at
 * which the wrapped text fits the box: no overflow, no clipping.
 */
export function fromText(spec: TextSpec): Sharp {
  return sharp({
    text: {
      text: spec.markup,
      font: spec.font,
      ...(spec.fontfile && { fontfile: spec.fontfile }),
      width: spec.width,
      ...(spec.height !== undefined ? { height: spec.height } : { dpi: spec.dpi }),
      align: spec.align,
      wrap: 'word',
    },
  }).timeout({ seconds: TIMEOUT_SECONDS });
}

/** Set text as a one-channel coverage mask, and the size libvips chose when it fitted it to a box. */
export async function renderText(spec: TextSpec): Promise<{ mask: RawImage; dpi: number | undefined }> {
  const { data, info } = await guard(
    fromText(spec).extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
  );
  return {
    mask: { data, width: info.width, height: info.height, channels: info.channels },
    dpi: info.textAutofitDpi ?? spec.dpi,
  };
}

/** Vector art the engine wrote itself (never user input: SVG can reference files). */
export function fromSvg(svg: string): Sharp {
  return sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS }).timeout({
    seconds: TIMEOUT_SECONDS,
  });
}

/**
 * An opaque drawing of `width` x `height` rendered by librsvg in `bands` horizontal bands at once (one
 * document per band, from `document`): librsvg draws on one thread per document, and rows of raw
 * pixels stack by concatenation. Three channels.
 */
export async function rasteriseInBands(
  document: (band: { top: number; height: number }) => string,
  width: number,
  height: number,
  bands: number,
): Promise<RawImage> {
  const cuts = Array.from({ length: bands + 1 }, (_, i) => Math.round((height * i) / bands));
  const parts = await Promise.all(
    cuts
      .slice(0, -1)
      .map((top, i) => toRaw(fromSvg(document({ top, height: cuts[i + 1]! - top })).removeAlpha())),
  );
  return { data: Buffer.concat(parts.map((part) => part.data)), width, height, channels: 3 };
}

export async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await guard(pipeline.raw().toBuffer({ resolveWithObject: true }));
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Runs a sharp promise, turning libvips failures into typed errors. */
export async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toEngineError(error);
  }
}

export function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new EngineError('IMAGE_TOO_LARGE', message, { cause: error });
  if (/timeout/i.test(message)) return new EngineError('IMAGE_TIMEOUT', message, { cause: error });
  if (/unsupported image format|not a known file format/i.test(message)) {
    return new EngineError('IMAGE_UNSUPPORTED', message, { cause: error });
  }
  return new EngineError('IMAGE_CORRUPT', message, { cause: error });
}
