/**
 * What the live progress shows (spec sections 4 and 9): the bar, and the time left counted down from the
 * server's estimate, which comes from this server's measured render times.
 */
import { DEFAULT_PROGRESS_DISPLAY } from '@vitrine/shared/api/generations';

/** A missing progress is shown as 25; anything else is kept within 0 to 100. */
export function displayedProgress(progress: number | null | undefined): number {
  if (progress === null || progress === undefined || !Number.isFinite(progress)) {
    return DEFAULT_PROGRESS_DISPLAY;
  }
  return Math.round(Math.min(100, Math.max(0, progress)));
}

/**
 * Seconds left now, from an estimate received at `receivedAt` (ms): it keeps counting down between
 * server updates and stops at 0.
 */
export function secondsLeft(estimate: number, receivedAt: number, now: number): number {
  const elapsed = Math.max(0, now - receivedAt) / 1000;
  return Math.max(0, Math.ceil(estimate - elapsed));
}

export type DurationText =
  { key: 'generate.duration.seconds'; count: number } | { key: 'generate.duration.minutes'; count: number };

/** "about 40 s" under a minute, "about 2 min" (rounded up) from a minute on. */
export function durationText(seconds: number): DurationText {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return { key: 'generate.duration.seconds', count: whole };
  return { key: 'generate.duration.minutes', count: Math.ceil(whole / 60) };
}
