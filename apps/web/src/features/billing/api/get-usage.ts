/** GET /api/usage: the allowance of the signed-in user. */
import { useQuery } from '@tanstack/react-query';
import type { Usage } from '@vitrine/shared/api/generations';
import { api } from '../../../lib/api-client';

export const usageQueryKey = ['usage'] as const;

export function useUsage() {
  return useQuery({ queryKey: usageQueryKey, queryFn: () => api<Usage>('/api/usage') });
}
