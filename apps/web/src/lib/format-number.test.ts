import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent } from './format-number';

describe('numbers in the UI language', () => {
  it('write percentages with a (narrow) no-break space in French and none in English', () => {
    expect(formatPercent(100, 'fr')).toMatch(/^100[\u00a0\u202f]%$/);
    expect(formatPercent(40, 'en')).toBe('40%');
    expect(formatPercent(66.6, 'en')).toBe('67%');
  });

  it('group the digits of large counts', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'fr')).toMatch(/^1[\u00a0\u202f]234$/);
  });
});
