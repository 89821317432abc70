/**
 * The correction editor's zoom: how much larger than fitted the photo is drawn (1 to 4), and where to
 * scroll so that a point stays under the fingers or the centre while the zoom changes.
 */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** What the zoom buttons multiply or divide by. */
export const ZOOM_BUTTON_STEP = 1.5;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * The scroll position that keeps `anchor` (a point of the viewport, from its top left corner) on the
 * same spot of the photo when the zoom goes from `from` to `to`.
 */
export function scrollKeeping(
  scroll: { left: number; top: number },
  anchor: { x: number; y: number },
  from: number,
  to: number,
): { left: number; top: number } {
  const ratio = to / from;
  return {
    left: Math.max(0, (scroll.left + anchor.x) * ratio - anchor.x),
    top: Math.max(0, (scroll.top + anchor.y) * ratio - anchor.y),
  };
}
