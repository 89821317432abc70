/**
 * GET /api/uploads?role=…: the user's recent uploads of a role, last used first, for the picker to offer
 * again; GET /api/uploads/:id: one of them, or a 404 once it was deleted or has expired.
 */
import { useQuery } from '@tanstack/react-query';
import {
  RECENT_UPLOADS_DEFAULT,
  type RecentUpload,
  type RecentUploadsResponse,
  type UploadRole,
} from '@vitrine/shared/api/uploads';
import { api } from '../../../lib/api-client';

export const recentUploadsQueryKey = (role: UploadRole) => ['uploads', 'recent', role] as const;

export function useRecentUploads(role: UploadRole, enabled = true) {
  return useQuery({
    queryKey: recentUploadsQueryKey(role),
    queryFn: () => api<RecentUploadsResponse>(`/api/uploads?role=${role}&limit=${RECENT_UPLOADS_DEFAULT}`),
    enabled,
    // Read again each time a picker shows it: an upload made or deleted elsewhere shows at once.
    staleTime: 0,
  });
}

export function getUpload(id: string): Promise<RecentUpload> {
  return api<RecentUpload>(`/api/uploads/${encodeURIComponent(id)}`);
}
