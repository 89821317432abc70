/** POST /api/uploads (one multipart field `file`) and POST /api/uploads/from-url ({url}). */
import { api } from '../../../lib/api-client';

/** What the server answers for a stored upload (apps/server uploads module). */
export type StoredUpload = { id: string; contentType: string; sizeBytes: number; createdAt: string };

export function uploadFile(file: File, signal?: AbortSignal): Promise<StoredUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<StoredUpload>('/api/uploads', { method: 'POST', body, signal });
}

export function importFromUrl(url: string, signal?: AbortSignal): Promise<StoredUpload> {
  return api<StoredUpload>('/api/uploads/from-url', { method: 'POST', json: { url }, signal });
}

/** The stored file, readable by its owner: the preview of an imported image. */
export function uploadFileUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}/file`;
}
