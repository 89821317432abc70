import { describe, expect, it } from 'vitest';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { historyRow } from './history-row';

const item = (over: Partial<GenerationResult> = {}): GenerationResult => ({
  id: 'r1',
  backgroundGenerationId: 'g1',
  mode: 'fusion',
  generatedAt: '2026-03-01T10:00:00.000Z',
  style: 'vintage',
  format: 'carré',
  images: [{ url: '/api/images/r1/0?exp=1&sig=a', width: 1080, height: 1080 }],
  selectedImage: '/api/images/r1/0?exp=1&sig=a',
  expiresAt: '2027-03-01T10:00:00.000Z',
  availability: 'available',
  settings: null,
  ...over,
});

describe('history line', () => {
  it("shows 'Available' or, within 30 days of expiry, 'Expiring soon'", () => {
    expect(historyRow(item()).badge).toEqual({ key: 'history.available', tone: 'green' });
    expect(historyRow(item({ availability: 'expiring' })).badge).toEqual({
      key: 'history.expiringSoon',
      tone: 'amber',
    });
  });

  it("names the style used, or 'Not specified' when none was recorded", () => {
    expect(historyRow(item()).style).toEqual({ key: 'fusion.options.style.vintage' });
    expect(historyRow(item({ mode: 'express', style: 'techno' })).style).toEqual({
      key: 'express.options.style.techno',
    });
    expect(historyRow(item({ style: null })).style).toEqual({ key: 'generations.notSpecified' });
  });

  it("previews the selected image, or shows 'N/A' when the result has none", () => {
    expect(historyRow(item()).thumbnail).toBe('/api/images/r1/0?exp=1&sig=a');
    expect(historyRow(item({ images: [], selectedImage: null })).thumbnail).toBeNull();
  });
});
