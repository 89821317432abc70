/**
 * A brand's logo on the picture: its size (legible, never blown up) and its pixels laid over the scene
 * by their own transparency.
 */
import { fromRaw, toRaw, type RawImage } from '../../image/sharp';
import { drawOver } from './overlay';

/**
 * The logo's larger side, as a share of the frame's shorter side: 15 % for a square logo, more for a
 * long wordmark (its letters would be too small), at most 24 %.
 */
const LOGO_SIDE = 0.15;
const LOGO_SIDE_AT_MOST = 0.24;
/** A logo is never drawn larger than twice its file's own size: beyond, it would look soft. */
export const LOGO_MAX_UPSCALE = 2;

/** The logo's size on a frame, its proportions kept; `shrink` makes it smaller (e.g. to find room). */
export function logoSize(
  source: { width: number; height: number },
  canvas: { width: number; height: number },
  shrink = 1,
): { width: number; height: number } {
  const long = Math.max(source.width, source.height);
  const aspect = long / Math.min(source.width, source.height);
  const share = Math.min(LOGO_SIDE_AT_MOST, LOGO_SIDE * Math.sqrt(aspect));
  const side = Math.min(share * Math.min(canvas.width, canvas.height) * shrink, long * LOGO_MAX_UPSCALE);
  const scale = side / long;
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/** The logo (RGBA) resized to `box` and laid over the scene there by its own transparency. */
export async function drawLogo(
  scene: RawImage,
  logo: RawImage,
  box: { x: number; y: number; width: number; height: number },
): Promise<void> {
  const sized = await toRaw(
    fromRaw(logo).resize(box.width, box.height, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha(),
  );
  drawOver(scene, sized, box.x, box.y);
}
