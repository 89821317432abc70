/**
 * Where a zoomed image sits in the viewer: its scale over the size that fits the stage, and its offset
 * from the stage's centre, in screen pixels. Zooming keeps the point under the pointer (or between two
 * fingers) in place; the image is never moved so far that its edge leaves a gap inside the stage.
 */
export type View = { scale: number; x: number; y: number };
export type Size = { width: number; height: number };
export type Point = { x: number; y: number };

export const FIT: View = { scale: 1, x: 0, y: 0 };
/** 8 times the fitted size: a 1080 px image fitted to a phone is then shown well past its own pixels. */
export const MAX_SCALE = 8;
/** What a keyboard or button step multiplies the scale by. */
export const ZOOM_STEP = 1.5;
/** A double click or tap zooms to this, or back to the fitted size. */
export const DOUBLE_TAP_SCALE = 2.5;

function limit(offset: number, shown: number, stage: number): number {
  const room = Math.max(0, (shown - stage) / 2);
  return Math.min(room, Math.max(-room, offset));
}

export function clampView(view: View, fitted: Size, stage: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  return {
    scale,
    x: limit(view.x, fitted.width * scale, stage.width),
    y: limit(view.y, fitted.height * scale, stage.height),
  };
}

/** `point` is relative to the stage's centre. */
export function zoomAt(view: View, factor: number, point: Point, fitted: Size, stage: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale * factor));
  const ratio = scale / view.scale;
  return clampView(
    { scale, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio },
    fitted,
    stage,
  );
}

export function panBy(view: View, dx: number, dy: number, fitted: Size, stage: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, fitted, stage);
}

export function isZoomed(view: View): boolean {
  return view.scale > 1.001;
}
