import { describe, expect, it } from 'vitest';
import { addMonths } from './months';

const at = (iso: string) => new Date(`${iso}T09:30:00.000Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('a month later, as a monthly subscription renews', () => {
  it('keeps the day of the month and the time', () => {
    expect(addMonths(at('2026-11-26'), 1).toISOString()).toBe('2026-12-26T09:30:00.000Z');
    expect(day(addMonths(at('2026-12-15'), 1))).toBe('2027-01-15');
    expect(day(addMonths(at('2026-03-15'), -1))).toBe('2026-02-15');
  });

  it('lands on the last day of a shorter month instead of spilling into the next', () => {
    expect(day(addMonths(at('2027-01-31'), 1))).toBe('2027-02-28');
    expect(day(addMonths(at('2028-01-31'), 1))).toBe('2028-02-29');
    expect(day(addMonths(at('2026-03-31'), 1))).toBe('2026-04-30');
    expect(day(addMonths(at('2026-03-31'), -1))).toBe('2026-02-28');
  });

  it('comes back to the original day when asked from it', () => {
    expect(day(addMonths(at('2027-02-28'), 1, 31))).toBe('2027-03-31');
  });
});
