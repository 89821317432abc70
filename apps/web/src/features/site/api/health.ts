/** GET /api/health: whether the service answers and reaches its database; checked every minute. */
import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@vitrine/shared/api/health';
import { api } from '../../../lib/api-client';

export type ServiceState = 'loading' | 'operational' | 'outage';

/** The status dot's colour (spec section 4): yellow while checking, green when operational, red otherwise. */
export const STATUS_DOT: Record<ServiceState, string> = {
  loading: 'bg-amber-400',
  operational: 'bg-emerald-500',
  outage: 'bg-red-500',
};

export function useHealth() {
  const query = useQuery({
    queryKey: ['health'],
    queryFn: () => api<HealthResponse>('/api/health'),
    refetchInterval: 60_000,
    retry: false,
  });
  const state: ServiceState = query.isPending ? 'loading' : query.isSuccess ? 'operational' : 'outage';
  return { state, data: query.data, checkedAt: query.dataUpdatedAt || query.errorUpdatedAt || undefined };
}
