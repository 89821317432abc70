/**
 * When the preview is redrawn after a change (spec section 9): 50 ms after the first pending change on
 * a larger screen; on a phone 60 ms after the last change (debounce), but never more than 120 ms after
 * the first, so a long drag still shows.
 */
import { EDITOR_LIMITS } from '@vitrine/shared/api/editor';

export function redrawAt(firstPending: number, lastChange: number, mobile: boolean): number {
  if (!mobile) return firstPending + EDITOR_LIMITS.redrawDelayMs.desktop;
  return Math.min(
    lastChange + EDITOR_LIMITS.mobileDebounceMs,
    firstPending + EDITOR_LIMITS.redrawDelayMs.mobile,
  );
}

/** Whether a pointer move may be applied now: at most one every 60 ms (the throttle). */
export function throttleAllows(lastApplied: number | null, now: number): boolean {
  return lastApplied === null || now - lastApplied >= EDITOR_LIMITS.throttleMs;
}
