import { describe, expect, it } from 'vitest';
import { freeUsage, lastGeneration, successRate } from './stats-view';

describe('stats page figures', () => {
  it('shows the success rate, 100 % by default', () => {
    expect(successRate({ success_rate: 100 })).toBe(100);
    expect(successRate({ success_rate: Number.NaN })).toBe(100);
    expect(successRate({ success_rate: 140 })).toBe(100);
    expect(successRate({ success_rate: 87.5 })).toBe(87.5);
  });

  it("gives the last generation date, or nothing for 'Never'", () => {
    expect(lastGeneration({ last_generation_date: '2026-03-01T10:00:00.000Z' })).toBe(
      '2026-03-01T10:00:00.000Z',
    );
    expect(lastGeneration({ last_generation_date: null })).toBeNull();
    expect(lastGeneration({ last_generation_date: 'garbage' })).toBeNull();
  });

  it('counts free generations used out of 3', () => {
    expect(freeUsage({ free_generations_used: 2 })).toEqual({ used: 2, limit: 3 });
    expect(freeUsage({ free_generations_used: 5 })).toEqual({ used: 3, limit: 3 });
  });
});
