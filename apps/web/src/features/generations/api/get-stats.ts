/** GET /api/stats: the generation statistics of the signed-in user. */
import { useQuery } from '@tanstack/react-query';
import type { GenerationStats } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';

export const statsQueryKey = ['stats'] as const;

export function useStats() {
  return useQuery({ queryKey: statsQueryKey, queryFn: () => api<GenerationStats>('/api/stats') });
}
