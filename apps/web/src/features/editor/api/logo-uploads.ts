/**
 * Logos are uploads of role 'logo': POST /api/uploads?role=logo (one multipart field `file`), and
 * GET /api/uploads?role=logo&limit=1 for the last one used, offered again.
 */
import { useQuery } from '@tanstack/react-query';
import type { RecentUploadsResponse, StoredUpload } from '@vitrine/shared/api/uploads';
import { api } from '../../../lib/api-client';

export const lastLogoQueryKey = ['uploads', 'recent', 'logo', 'last'] as const;

export function uploadLogo(file: File, signal?: AbortSignal): Promise<StoredUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<StoredUpload>('/api/uploads?role=logo', { method: 'POST', body, signal });
}

export function useLastLogo() {
  return useQuery({
    queryKey: lastLogoQueryKey,
    queryFn: () => api<RecentUploadsResponse>('/api/uploads?role=logo&limit=1'),
    retry: false,
    select: (data) => data.items[0] ?? null,
  });
}

export function logoFileUrl(uploadId: string): string {
  return `/api/uploads/${encodeURIComponent(uploadId)}/file`;
}
