/** POST /api/generations/cancel-all: every pending or processing generation fails; credits come back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelAllResponse } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';
import { withoutAll, type ActiveState } from '../lib/active-state';
import { activeGenerationsQueryKey } from './get-active-generations';
import { usageQueryKey } from '../../billing/api/get-usage';

/**
 * Ids this tab has just cancelled: the 'Generations cancelled' toast already says what happened, so
 * the failure event that follows for each of them shows no second toast.
 */
const cancelledHere = new Set<string>();

export function wasCancelledHere(id: string): boolean {
  return cancelledHere.has(id);
}

export function useCancelAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CancelAllResponse>('/api/generations/cancel-all', { method: 'POST', json: {} }),
    onMutate: () => {
      const running = client.getQueryData<ActiveState>(activeGenerationsQueryKey)?.items ?? [];
      for (const item of running) cancelledHere.add(item.id);
    },
    onSuccess: ({ usage }) => {
      client.setQueryData(usageQueryKey, usage);
      client.setQueryData<ActiveState>(activeGenerationsQueryKey, withoutAll);
      void client.invalidateQueries({ queryKey: ['generations', 'detail'] });
    },
    onError: () => {
      cancelledHere.clear();
      void client.invalidateQueries({ queryKey: activeGenerationsQueryKey });
    },
  });
}
