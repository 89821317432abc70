/**
 * GET /api/status: every service's state and the image provider's (spec sections 2 and 4). The public
 * pages check it every minute; the dashboard every 5 minutes, for the generate button's unavailable
 * state (spec section 9: provider status polling every 5 minutes).
 */
import { useQuery } from '@tanstack/react-query';
import type { StatusResponse } from '@vitrine/shared/api/status';
import { api } from '../../../lib/api-client';

/** The status dot: yellow while checking, green when everything is operational, red otherwise. */
export type DotState = 'loading' | 'operational' | 'outage';

export const STATUS_DOT: Record<DotState, string> = {
  loading: 'bg-amber-400',
  operational: 'bg-emerald-500',
  outage: 'bg-red-500',
};

export function useServiceStatus(refetchInterval = 60_000) {
  const query = useQuery({
    queryKey: ['status'],
    queryFn: () => api<StatusResponse>('/api/status'),
    refetchInterval,
    retry: false,
  });
  const dot: DotState = query.isPending
    ? 'loading'
    : query.isSuccess && query.data.overall === 'operational'
      ? 'operational'
      : 'outage';
  return { dot, data: query.isSuccess ? query.data : undefined, isError: query.isError };
}

/**
 * The image service cannot take generations now: its check failed or the provider reports an outage.
 * Unknown (still checking, or the status itself unreachable) is not "down": the start call will say.
 */
export function useImagesDown(): boolean {
  const { data } = useServiceStatus(5 * 60_000);
  if (!data) return false;
  const images = data.services.find((s) => s.id === 'images');
  // A provider that is slow or in maintenance may still answer (and a failed variant is drawn locally):
  // only an outage blocks.
  const providerDown = data.provider?.status === 'outage';
  return providerDown || images?.status === 'outage';
}
