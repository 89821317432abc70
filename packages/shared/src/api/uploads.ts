/**
 * The user's own uploads, offered again by the image pickers so a second try needs no new upload.
 *
 * Routes (all need a signed-in user; another user's uploads are never listed and answer 404):
 * - POST /api/uploads?role=product|context|logo            multipart file → 201 StoredUpload
 * - POST /api/uploads/from-url?role=product|context|logo   {url} → 201 StoredUpload
 *   (both → 200 with the upload already kept when the account sent the same file for that role)
 * - GET  /api/uploads?role=…&limit=…&cursor=…          → RecentUploadsResponse, last used first
 * - GET  /api/uploads/:id                             → RecentUpload (404 once deleted or expired)
 * - GET  /api/uploads/:id/thumb.webp                  a small preview (longest side 320 px)
 *
 * An upload is kept for a year after it was last used (uploaded, or used by a generation), and for 30
 * days after it when no running or kept generation nor saved image uses it; past that it has expired: it
 * is no longer listed nor usable, and the daily retention job deletes it. `expiresAt` says which applies.
 */
import { z } from 'zod';
import { text } from '../validation/schema';

/** 'logo': the image editor's logo overlay (a PNG may keep its transparency); its list offers the last one. */
export const UPLOAD_ROLES = ['product', 'context', 'logo'] as const;
export type UploadRole = (typeof UPLOAD_ROLES)[number];

export const RECENT_UPLOADS_DEFAULT = 12;
export const RECENT_UPLOADS_MAX = 48;
/** Days an upload is kept after its last use (the history's year). */
export const UPLOAD_RETENTION_DAYS = 365;
export const THUMBNAIL_SIZE = 320;

export const uploadRole = z.enum(UPLOAD_ROLES, { error: 'validation.uploadRole' });

/** The role an upload is sent for; it may be left out (the upload is then offered in no list). */
export const uploadRoleQuery = z.object({ role: uploadRole.optional() });

export const recentUploadsQuery = z
  .object({
    role: uploadRole,
    limit: z.coerce
      .number({ error: 'validation.listLimit' })
      .int('validation.listLimit')
      .min(1, 'validation.listLimit')
      .max(RECENT_UPLOADS_MAX, 'validation.listLimit')
      .default(RECENT_UPLOADS_DEFAULT),
    cursor: text()
      .max(200, 'validation.listCursor')
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.listCursor')
      .optional(),
  })
  .strict();
export type RecentUploadsQuery = z.input<typeof recentUploadsQuery>;

/** What the server answers for a stored upload. */
export type StoredUpload = {
  id: string;
  role: UploadRole | null;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
};

/** One of the user's uploads, as the pickers offer it. */
export type RecentUpload = {
  id: string;
  role: UploadRole | null;
  /** The file's name, or the host it was imported from, or null. */
  name: string | null;
  contentType: string;
  createdAt: string;
  lastUsedAt: string;
  /** The date past which it expires, unless used again. */
  expiresAt: string;
  fileUrl: string;
  thumbnailUrl: string;
  /** The product cut-out the user checked for it, used as it is when the upload is chosen again. */
  cutout: { choice: 'auto' | 'cutout' | 'whole'; framed: boolean } | null;
};

export type RecentUploadsResponse = { items: RecentUpload[]; nextCursor: string | null };
