/** GET /api/history: the 20 latest results. */
import { useQuery } from '@tanstack/react-query';
import type { HistoryResponse } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';

export const historyQueryKey = ['history'] as const;

export function useHistory() {
  return useQuery({ queryKey: historyQueryKey, queryFn: () => api<HistoryResponse>('/api/history') });
}
