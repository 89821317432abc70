/** GET /api/brand: the account's brand kit (an empty one when none was saved). */
import { useQuery } from '@tanstack/react-query';
import type { BrandKit } from '@vitrine/shared/api/brand';
import { api } from '../../../lib/api-client';

export const brandQueryKey = ['brand'] as const;

export function getBrand(): Promise<BrandKit> {
  return api<BrandKit>('/api/brand');
}

export function useBrand() {
  return useQuery({ queryKey: brandQueryKey, queryFn: getBrand });
}
