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

/** The image service cannot take generations: its check failed or the provider reports an outage. */
function imagesDown(data: StatusResponse): boolean {
  const images = data.services.find((s) => s.id === 'images');
  // A provider that is slow or in maintenance may still answer (and a failed variant is drawn locally):
  // only an outage blocks.
  return data.provider?.status === 'outage' || images?.status === 'outage';
}

/** Checks every `every` ms, or every 30 s while generating is blocked, to unblock it soon after. */
export function useServiceStatus(every = 60_000) {
  const query = useQuery({
    queryKey: ['status'],
    queryFn: () => api<StatusResponse>('/api/status'),
    refetchInterval: (q) => (q.state.data && imagesDown(q.state.data) ? Math.min(every, 30_000) : every),
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
 * Whether the generate button shows its 'API unavailable' state. Unknown (still checking, or the
 * status itself unreachable) is not "down": the start call will say.
 */
export function useImagesDown(): boolean {
  const { data } = useServiceStatus(5 * 60_000);
  return data ? imagesDown(data) : false;
}
