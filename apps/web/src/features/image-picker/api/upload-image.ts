/** POST /api/uploads (one multipart field `file`) and POST /api/uploads/from-url ({url}), with the role. */
import type { StoredUpload, UploadRole } from '@vitrine/shared/api/uploads';
import { api } from '../../../lib/api-client';

export type { StoredUpload };

const withRole = (path: string, role: UploadRole | undefined) =>
  role ? `${path}?role=${encodeURIComponent(role)}` : path;

export function uploadFile(file: File, role?: UploadRole, signal?: AbortSignal): Promise<StoredUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<StoredUpload>(withRole('/api/uploads', role), { method: 'POST', body, signal });
}

export function importFromUrl(url: string, role?: UploadRole, signal?: AbortSignal): Promise<StoredUpload> {
  return api<StoredUpload>(withRole('/api/uploads/from-url', role), {
    method: 'POST',
    json: { url },
    signal,
  });
}

/** The stored file, readable by its owner: the preview of an imported image. */
export function uploadFileUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}/file`;
}
