/** Zoom steps and limits (spec sections 4 and 9): 0.5 to 3 by 0.2, 1.5 at most on a phone. */
import { EDITOR_LIMITS } from '@vitrine/shared/api/editor';

const { min, max, maxMobile, step } = EDITOR_LIMITS.zoom;

export function maxZoom(mobile: boolean): number {
  return mobile ? maxMobile : max;
}

/** Rounded to a tenth so repeated steps do not drift (0.2 × 5 is not exactly 1 in floating point). */
export function clampZoom(zoom: number, mobile: boolean): number {
  return Math.round(Math.min(maxZoom(mobile), Math.max(min, zoom)) * 10) / 10;
}

export function zoomIn(zoom: number, mobile: boolean): number {
  return clampZoom(zoom + step, mobile);
}

export function zoomOut(zoom: number, mobile: boolean): number {
  return clampZoom(zoom - step, mobile);
}

export function canZoomIn(zoom: number, mobile: boolean): boolean {
  return zoom < maxZoom(mobile);
}

export function canZoomOut(zoom: number): boolean {
  return zoom > min;
}

/** The top bar's label: the zoom as a whole percentage. */
export function zoomPercent(zoom: number): number {
  return Math.round(zoom * 100);
}

export function isMobileWidth(viewportWidth: number): boolean {
  return viewportWidth < EDITOR_LIMITS.mobileBreakpoint;
}
