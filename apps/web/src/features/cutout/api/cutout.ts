/**
 * GET and PUT /api/uploads/:id/cutout: the product photo's cut-out, computed by the server on the
 * first look (a second or two), and the user's choice or corrections.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CutoutUpdate, CutoutView } from '@vitrine/shared/api/cutout';
import { api } from '../../../lib/api-client';

export const cutoutQueryKey = (uploadId: string) => ['cutout', uploadId] as const;

export function getCutout(uploadId: string): Promise<CutoutView> {
  return api<CutoutView>(`/api/uploads/${encodeURIComponent(uploadId)}/cutout`);
}

export function putCutout(uploadId: string, update: CutoutUpdate): Promise<CutoutView> {
  return api<CutoutView>(`/api/uploads/${encodeURIComponent(uploadId)}/cutout`, {
    method: 'PUT',
    json: update,
  });
}

export function useCutout(uploadId: string | null) {
  return useQuery({
    queryKey: cutoutQueryKey(uploadId ?? ''),
    queryFn: () => getCutout(uploadId!),
    enabled: Boolean(uploadId),
    staleTime: Infinity,
    retry: 1,
  });
}

export function useUpdateCutout(uploadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: CutoutUpdate) => putCutout(uploadId, update),
    onSuccess: (saved) => client.setQueryData(cutoutQueryKey(uploadId), saved),
  });
}
