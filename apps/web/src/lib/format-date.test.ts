import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMediumDate, formatTime } from './format-date';

describe('dates in the UI language', () => {
  // Noon UTC keeps the calendar day the same in every time zone the tests may run in.
  const june8 = '2025-06-08T12:00:00.000Z';

  it('are written with the fr-FR locale in French and en-US in English', () => {
    expect(formatLongDate(june8, 'fr')).toBe('8 juin 2025');
    expect(formatLongDate(june8, 'en')).toBe('June 8, 2025');
  });

  it('show nothing rather than “Invalid Date” for a malformed value', () => {
    expect(formatLongDate('yesterday', 'fr')).toBe('');
  });
});

describe('dates with their time', () => {
  it('write a generation date with its time, and the time alone, in the UI language', () => {
    const iso = '2025-06-08T12:00:00.000Z';
    expect(formatMediumDate(iso, 'en')).toBe('Jun 8, 2025');
    expect(formatMediumDate(iso, 'fr')).toBe('8 juin 2025');
    expect(formatDateTime(iso, 'en')).toMatch(/^Jun 8, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatTime(iso, 'fr')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatDateTime('nope', 'fr')).toBe('');
  });
});
