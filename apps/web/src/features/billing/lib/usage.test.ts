import { describe, expect, it } from 'vitest';
import type { Usage } from '@vitrine/shared/api/generations';
import { showUpgradePrompt, usagePercent, usageState, usageTone } from './usage';

const free = (used: number): Usage => ({
  plan: 'free',
  hasSubscription: false,
  used,
  limit: 3,
  remaining: Math.max(0, 3 - used),
  canGenerate: used < 3,
  cycleStart: null,
  renewsAt: null,
});
const pro = (used: number): Usage => ({
  plan: 'pro',
  hasSubscription: true,
  used,
  limit: 100,
  remaining: Math.max(0, 100 - used),
  canGenerate: used < 100,
  cycleStart: '2026-01-01T00:00:00.000Z',
  renewsAt: '2026-02-01T00:00:00.000Z',
});

describe('usage card', () => {
  it('has three states: free with quota left, free with the limit reached, subscribed', () => {
    expect(usageState(free(0))).toBe('free');
    expect(usageState(free(2))).toBe('free');
    expect(usageState(free(3))).toBe('limitReached');
    expect(usageState(pro(100))).toBe('subscribed');
  });

  it('treats a lapsed subscription (no billing cycle) as the free plan', () => {
    expect(usageState({ ...free(3), hasSubscription: true })).toBe('limitReached');
  });

  it('colours the bar green under 70 %, yellow from 70 to under 90 %, red from 90 %', () => {
    expect(usageTone(0)).toBe('green');
    expect(usageTone(69.9)).toBe('green');
    expect(usageTone(70)).toBe('yellow');
    expect(usageTone(89.9)).toBe('yellow');
    expect(usageTone(90)).toBe('red');
    expect(usageTone(100)).toBe('red');
  });

  it('measures the share used, within 0 to 100', () => {
    expect(usagePercent(free(1))).toBeCloseTo(33.33, 1);
    expect(usageTone(usagePercent(free(2)))).toBe('green');
    expect(usageTone(usagePercent(pro(70)))).toBe('yellow');
    expect(usagePercent({ used: 5, limit: 3 })).toBe(100);
    expect(usagePercent({ used: 0, limit: 0 })).toBe(100);
  });

  it('prompts for an upgrade when 1 or fewer free generations remain, never for subscribers', () => {
    expect(showUpgradePrompt(free(1))).toBe(false);
    expect(showUpgradePrompt(free(2))).toBe(true);
    expect(showUpgradePrompt(free(3))).toBe(true);
    expect(showUpgradePrompt(pro(99))).toBe(false);
  });
});
