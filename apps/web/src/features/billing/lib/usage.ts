/** How the usage card reads the allowance (spec sections 4, 6 and 9): state, bar colour, upgrade prompt. */
import {
  UPGRADE_PROMPT_REMAINING,
  USAGE_DANGER_PERCENT,
  USAGE_WARNING_PERCENT,
  type Usage,
} from '@vitrine/shared/api/generations';

export type UsageState = 'free' | 'limitReached' | 'subscribed';
export type UsageTone = 'green' | 'yellow' | 'red';

/**
 * Subscribed means a paid plan that is running: only those have a billing cycle. A lapsed subscription
 * counts as the free plan, as the server counts it.
 */
export function usageState(usage: Usage): UsageState {
  if (usage.cycleStart !== null) return 'subscribed';
  return usage.canGenerate && usage.remaining > 0 ? 'free' : 'limitReached';
}

/** Share of the allowance used, 0 to 100 (an allowance of 0 reads as full). */
export function usagePercent(usage: Pick<Usage, 'used' | 'limit'>): number {
  if (usage.limit <= 0) return 100;
  return Math.min(100, Math.max(0, (usage.used / usage.limit) * 100));
}

/** Green under 70 %, yellow from 70 to under 90 %, red from 90 %. */
export function usageTone(percent: number): UsageTone {
  if (percent >= USAGE_DANGER_PERCENT) return 'red';
  if (percent >= USAGE_WARNING_PERCENT) return 'yellow';
  return 'green';
}

/** The upgrade prompt shows on the free plan once 1 or fewer generations remain. */
export function showUpgradePrompt(usage: Usage): boolean {
  return usageState(usage) !== 'subscribed' && usage.remaining <= UPGRADE_PROMPT_REMAINING;
}
