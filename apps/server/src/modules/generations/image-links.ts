/**
 * Links to generated images, and to uploads for the automation workflow. The stable path
 * `/api/images/{result id}/{index}` is what history keeps (webhook_data); the API hands out the same
 * path signed and expiring, so a download or a shared link works without the session cookie for a
 * limited time and nobody can forge one for another image.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const IMAGE_LINK_TTL_SECONDS = 7 * 24 * 3600;

export type ImageLinks = {
  /** `/api/images/{resultId}/{index}?exp=…&sig=…` */
  sign(resultId: string, index: number, now?: Date): string;
  verify(resultId: string, index: number, exp: unknown, sig: unknown, now?: Date): boolean;
};

export function imagePath(resultId: string, index: number): string {
  return `/api/images/${resultId}/${index}`;
}

export function createImageLinks(secret: string, ttlSeconds = IMAGE_LINK_TTL_SECONDS): ImageLinks {
  // A key of its own, derived from the server secret, so these signatures mean nothing elsewhere.
  const key = createHmac('sha256', secret).update('vitrine image links v1').digest();
  const mac = (resultId: string, index: number, exp: number) =>
    createHmac('sha256', key).update(`${resultId}/${index}/${exp}`).digest('base64url');
  return {
    sign(resultId, index, now = new Date()) {
      // Rounded to the hour: the same image keeps the same URL for a while, so browsers cache it.
      const hour = Math.floor(now.getTime() / 3_600_000) * 3600;
      const exp = hour + ttlSeconds;
      return `${imagePath(resultId, index)}?exp=${exp}&sig=${mac(resultId, index, exp)}`;
    },
    verify(resultId, index, exp, sig, now = new Date()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(resultId, index, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Long enough for a workflow to fetch the uploads of a generation it was just sent. */
export const UPLOAD_LINK_TTL_SECONDS = 3600;

/**
 * Signed, expiring links to one upload's file, `/api/uploads/{id}/file?exp=…&sig=…`, for the automation
 * workflow (which has no session) to fetch a generation's photos. Signed with a key of their own.
 */
export type UploadLinks = {
  sign(uploadId: string, now?: Date): string;
  verify(uploadId: string, exp: unknown, sig: unknown, now?: Date): boolean;
};

export function uploadPath(uploadId: string): string {
  return `/api/uploads/${uploadId}/file`;
}

export function createUploadLinks(secret: string, ttlSeconds = UPLOAD_LINK_TTL_SECONDS): UploadLinks {
  const key = createHmac('sha256', secret).update('vitrine upload links v1').digest();
  const mac = (uploadId: string, exp: number) =>
    createHmac('sha256', key).update(`${uploadId}/${exp}`).digest('base64url');
  return {
    sign(uploadId, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return `${uploadPath(uploadId)}?exp=${exp}&sig=${mac(uploadId, exp)}`;
    },
    verify(uploadId, exp, sig, now = new Date()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(uploadId, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
