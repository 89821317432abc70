/** PUT /api/brand: replaces the account's brand kit whole; the server answers with the kit saved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandKit, BrandKitInput } from '@vitrine/shared/api/brand';
import { api } from '../../../lib/api-client';
import { brandQueryKey } from './get-brand';

export function saveBrand(kit: BrandKitInput): Promise<BrandKit> {
  return api<BrandKit>('/api/brand', { method: 'PUT', json: kit });
}

export function useSaveBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBrand,
    onSuccess: (saved) => client.setQueryData(brandQueryKey, saved),
  });
}
