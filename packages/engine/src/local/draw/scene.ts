/** The context photo as the scene: cover-cropped to the canvas the way the variant frames it. */
import type { ContextFraming } from '../../art-direction/types';
import { fromRaw, guard, toRaw, type RawImage } from '../../image/sharp';

/** Smart crops (attention, entropy) look at a copy this wide: the full image costs ten times more. */
const ANALYSIS_WIDTH = 480;

/** The reduced copy of each context, made once and shared by every variant framed from it. */
const analysisCopies = new WeakMap<RawImage, Promise<RawImage>>();

function analysisCopy(context: RawImage, shrink: number): Promise<RawImage> {
  let copy = analysisCopies.get(context);
  if (!copy) {
    copy = toRaw(
      fromRaw(context).resize(Math.round(context.width * shrink), Math.round(context.height * shrink), {
        fit: 'fill',
      }),
    );
    analysisCopies.set(context, copy);
    copy.catch(() => analysisCopies.delete(context));
  }
  return copy;
}

/**
 * The window of `context` that covers `size` when cropped by the framing's strategy; with a zoom, a
 * window that much smaller (the camera nearer), placed by the same strategy. Null for a plain cover
 * crop, which libvips places itself.
 */
async function cropWindow(
  context: RawImage,
  size: { width: number; height: number },
  crop: ContextFraming['crop'],
  zoom = 1,
  top?: number,
  left?: number,
) {
  const scale = Math.max(size.width / context.width, size.height / context.height) * Math.max(1, zoom);
  const window = {
    width: Math.min(context.width, Math.round(size.width / scale)),
    height: Math.min(context.height, Math.round(size.height / scale)),
  };
  // A window the surface places both ways needs no smart crop's analysis.
  const placed =
    top !== undefined && left !== undefined ? null : await placedWindow(context, window, crop, zoom);
  if (top === undefined && left === undefined) return placed;
  // The surface decides how high the window is and, when it does not run across the photo, where
  // across; the strategy decides the rest.
  return {
    left: side(left, context.width, window.width, placed?.left),
    top: side(top, context.height, window.height, placed?.top),
    ...window,
  };
}

/**
 * One side of the window along an axis: the plan's share of the photo when it gives one (kept inside
 * the photo), else where the strategy put it, else centred.
 */
function side(share: number | undefined, extent: number, length: number, placed: number | undefined) {
  const spare = extent - length;
  if (share !== undefined) return Math.min(spare, Math.max(0, Math.round(share * extent)));
  return placed ?? Math.floor(spare / 2);
}

async function placedWindow(
  context: RawImage,
  window: { width: number; height: number },
  crop: ContextFraming['crop'],
  zoom: number,
) {
  if (crop !== 'attention' && crop !== 'entropy') {
    if (zoom <= 1) return null;
    const spareY = context.height - window.height;
    const top = crop === 'north' ? 0 : crop === 'south' ? spareY : Math.floor(spareY / 2);
    return { left: Math.floor((context.width - window.width) / 2), top, ...window };
  }
  const shrink = Math.min(1, ANALYSIS_WIDTH / context.width);
  const small = {
    width: Math.max(1, Math.round(window.width * shrink)),
    height: Math.max(1, Math.round(window.height * shrink)),
  };
  const copy = await analysisCopy(context, shrink);
  const { info } = await guard(
    fromRaw(copy)
      .resize(small.width, small.height, { fit: 'cover', position: crop })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const left = Math.round(-(info.cropOffsetLeft ?? 0) / shrink);
  const top = Math.round(-(info.cropOffsetTop ?? 0) / shrink);
  return {
    left: Math.min(Math.max(0, left), context.width - window.width),
    top: Math.min(Math.max(0, top), context.height - window.height),
    ...window,
  };
}

type Window = { left: number; top: number; width: number; height: number };

/**
 * The window when it is exactly the canvas (the context was decoded to cover it, as renderFusion does):
 * framing is then a copy of rows, with no resampling. Null when the window must be resized.
 */
function exactWindow(
  context: RawImage,
  size: { width: number; height: number },
  crop: ContextFraming['crop'],
  smart: Window | null,
): Window | null {
  if (smart) return smart.width === size.width && smart.height === size.height ? smart : null;
  if (Math.max(size.width / context.width, size.height / context.height) !== 1) return null;
  const spareY = context.height - size.height;
  const top = crop === 'north' ? 0 : crop === 'south' ? spareY : Math.floor(spareY / 2);
  return { left: Math.floor((context.width - size.width) / 2), top, ...size };
}

/** The window's pixels: a copy of rows, several times cheaper than a libvips pass. */
function copyWindow(context: RawImage, window: Window): RawImage {
  const { channels } = context;
  const { width, height } = window;
  const rowBytes = width * channels;
  const data = Buffer.allocUnsafe(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const from = ((window.top + y) * context.width + window.left) * channels;
    context.data.copy(data, y * rowBytes, from, from + rowBytes);
  }
  return { data, width, height, channels };
}

export async function coverCrop(
  context: RawImage,
  size: { width: number; height: number },
  framing: ContextFraming,
): Promise<RawImage> {
  return (await frameScene(context, size, framing)).scene;
}

/**
 * The scene cover-cropped from the context and, when `blurSigma` is given and the framing is a plain
 * crop, a blur of it that libvips makes from the context while the crop is copied (null otherwise).
 */
export async function frameScene(
  context: RawImage,
  size: { width: number; height: number },
  framing: ContextFraming,
  blurSigma?: number,
): Promise<{ scene: RawImage; blurred: Promise<Buffer> | null }> {
  const window = await cropWindow(context, size, framing.crop, framing.zoom, framing.top, framing.left);
  const exact = exactWindow(context, size, framing.crop, window);
  if (exact) {
    let blurred: Promise<Buffer> | null = null;
    if (blurSigma) {
      blurred = toRaw(fromRaw(context).extract(exact).blur(blurSigma)).then((image) => image.data);
      blurred.catch(() => undefined);
    }
    return { scene: copyWindow(context, exact), blurred };
  }
  const pipeline = window
    ? fromRaw(context).extract(window).resize(size.width, size.height, { fit: 'fill' })
    : fromRaw(context).resize(size.width, size.height, { fit: 'cover', position: framing.crop });
  return { scene: await toRaw(pipeline), blurred: null };
}
