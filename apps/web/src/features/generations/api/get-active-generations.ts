/** GET /api/generations/active: pending and processing generations, kept live by the event stream. */
import { useQuery } from '@tanstack/react-query';
import type { ActiveResponse } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';
import { fromActiveResponse, type ActiveState } from '../lib/active-state';

export const activeGenerationsQueryKey = ['generations', 'active'] as const;

export async function getActiveGenerations(): Promise<ActiveState> {
  return fromActiveResponse(await api<ActiveResponse>('/api/generations/active'), Date.now());
}

export function useActiveGenerations() {
  // The event stream keeps this list current; a refetch only happens when the stream reconnects.
  return useQuery({
    queryKey: activeGenerationsQueryKey,
    queryFn: getActiveGenerations,
    staleTime: Infinity,
  });
}
