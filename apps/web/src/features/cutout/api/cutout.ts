/**
 * GET and PUT /api/uploads/:id/cutout: the product photo's cut-out, computed by the server on the
 * first look (a second or two), and the user's choice or corrections.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CutoutUpdate, CutoutView } from '@vitrine/shared/api/cutout';
import { api, ApiError } from '../../../lib/api-client';

/** How many times a first look refused because another cut-out of the user is in flight is asked again. */
const BUSY_RETRIES = 20;

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
    // The server works out one cut-out per user at a time: a photo replaced while the last one is
    // being cut out is asked again, once a second, until its turn comes.
    retry: (failures, error) =>
      error instanceof ApiError && error.code === 'CUTOUT_BUSY' ? failures < BUSY_RETRIES : failures < 1,
    retryDelay: (failures, error) =>
      error instanceof ApiError && error.code === 'CUTOUT_BUSY'
        ? 1000
        : Math.min(1000 * 2 ** failures, 30_000),
  });
}

export function useUpdateCutout(uploadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: CutoutUpdate) => putCutout(uploadId, update),
    onSuccess: (saved) => client.setQueryData(cutoutQueryKey(uploadId), saved),
  });
}
