/** The figures of the stats page (spec sections 2, 3 and 9, Stats page and generation stats). */
import { FREE_GENERATIONS, type GenerationStats } from '@vitrine/shared/api/generations';

/** Spec section 9: the success rate is 100 % when there are generations, and 100 by default. */
export function successRate(stats: Pick<GenerationStats, 'success_rate'>): number {
  const rate = stats.success_rate;
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 100;
  return Math.min(100, Math.max(0, rate));
}

/** The last generation's date, or null for 'Never'. */
export function lastGeneration(stats: Pick<GenerationStats, 'last_generation_date'>): string | null {
  const iso = stats.last_generation_date;
  return iso && !Number.isNaN(Date.parse(iso)) ? iso : null;
}

/** Free generations used out of the free allowance, never shown above it. */
export function freeUsage(stats: Pick<GenerationStats, 'free_generations_used'>): {
  used: number;
  limit: number;
} {
  return {
    used: Math.min(FREE_GENERATIONS, Math.max(0, stats.free_generations_used)),
    limit: FREE_GENERATIONS,
  };
}
