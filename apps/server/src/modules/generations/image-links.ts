/**
 * Links to generated images. The stable path `/api/images/{result id}/{index}` is what history keeps
 * (webhook_data); the API hands out the same path signed and expiring, so a download or a shared link
 * works without the session cookie for a limited time and nobody can forge one for another image.
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
