import { describe, expect, it } from 'vitest';
import { displayedProgress, durationText, secondsLeft } from './progress';

describe('generation progress', () => {
  it('shows 25 when the progress is missing, as the spec says', () => {
    expect(displayedProgress(null)).toBe(25);
    expect(displayedProgress(undefined)).toBe(25);
    expect(displayedProgress(Number.NaN)).toBe(25);
  });

  it('keeps a known progress, rounded, within 0 to 100', () => {
    expect(displayedProgress(10)).toBe(10);
    expect(displayedProgress(63.6)).toBe(64);
    expect(displayedProgress(140)).toBe(100);
    expect(displayedProgress(-5)).toBe(0);
  });

  it('counts the server estimate down from when it was received, never below 0', () => {
    const received = 1_000_000;
    expect(secondsLeft(8, received, received)).toBe(8);
    expect(secondsLeft(8, received, received + 2_500)).toBe(6);
    expect(secondsLeft(8, received, received + 60_000)).toBe(0);
    // A clock that goes back does not add time.
    expect(secondsLeft(8, received, received - 5_000)).toBe(8);
  });

  it('says the time in seconds under a minute and in whole minutes, rounded up, after', () => {
    expect(durationText(0)).toEqual({ key: 'generate.duration.seconds', count: 1 });
    expect(durationText(4.2)).toEqual({ key: 'generate.duration.seconds', count: 5 });
    expect(durationText(59)).toEqual({ key: 'generate.duration.seconds', count: 59 });
    expect(durationText(60)).toEqual({ key: 'generate.duration.minutes', count: 1 });
    expect(durationText(150)).toEqual({ key: 'generate.duration.minutes', count: 3 });
  });
});
