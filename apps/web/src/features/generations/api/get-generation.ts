/** GET /api/generations/:id: one background generation and, once it has completed, its result. */
import { useQuery } from '@tanstack/react-query';
import type { GenerationDetail } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';
import { isRunning } from '../lib/active-state';

export const generationQueryKey = (id: string) => ['generations', 'detail', id] as const;

/** The live stream refreshes it; a slow poll covers a stream that is down while the job runs. */
const FALLBACK_POLL_MS = 15_000;

export function useGeneration(id: string | null) {
  return useQuery({
    queryKey: generationQueryKey(id ?? ''),
    queryFn: () => api<GenerationDetail>(`/api/generations/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isRunning(query.state.data.generation.status) ? FALLBACK_POLL_MS : false,
  });
}
