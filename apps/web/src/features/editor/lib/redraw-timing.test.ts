import { describe, expect, it } from 'vitest';
import { redrawAt, throttleAllows } from './redraw-timing';

describe('redraw delays and drag throttle (spec section 9)', () => {
  it('redraws 50 ms after the first pending change on a larger screen', () => {
    expect(redrawAt(1000, 1040, false)).toBe(1050);
  });

  it('on a phone waits 60 ms after the last change, at most 120 ms after the first', () => {
    expect(redrawAt(1000, 1000, true)).toBe(1060);
    expect(redrawAt(1000, 1030, true)).toBe(1090);
    expect(redrawAt(1000, 1100, true)).toBe(1120);
  });

  it('applies at most one pointer move every 60 ms', () => {
    expect(throttleAllows(null, 5)).toBe(true);
    expect(throttleAllows(1000, 1059)).toBe(false);
    expect(throttleAllows(1000, 1060)).toBe(true);
  });
});
