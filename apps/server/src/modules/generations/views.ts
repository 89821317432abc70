/**
 * A generation and a result as the API shows them (packages/shared/src/api/generations.ts), made from
 * their records (repository.ts).
 */
import {
  EXPIRING_SOON_DAYS,
  type ActiveGeneration,
  type GenerationResult,
  type ImageTextArea,
} from '@vitrine/shared/api/generations';
import type { ImageLinks } from './image-links';
import type { GenerationRow, ResultRow } from './repository';
import { settingsUsed } from './settings-used';

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toActive(row: GenerationRow, typicalSeconds: number, now = Date.now()): ActiveGeneration {
  const elapsed = (now - new Date(row.createdAt).getTime()) / 1000;
  const running = row.status === 'pending' || row.status === 'processing';
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    progress: row.progress,
    errorMessage: row.errorMessage,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    estimatedSecondsLeft: running ? Math.max(0, Math.ceil(typicalSeconds - elapsed)) : 0,
  };
}

type StoredImage = { key: string; width: number; height: number; format?: unknown; texts?: unknown };

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The image URL as the spec reads it from webhook_data: selectedImage, imageUrl, allImages, image_url, array. */
export function selectedImageOf(data: unknown): string | null {
  if (Array.isArray(data)) return typeof data[0] === 'string' ? data[0] : null;
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  for (const candidate of [
    d.selectedImage,
    d.imageUrl,
    Array.isArray(d.allImages) ? d.allImages[0] : undefined,
    d.image_url,
  ]) {
    if (typeof candidate === 'string' && candidate) return candidate;
  }
  return null;
}

/** Signs our own image paths; URLs from elsewhere pass as they are. */
function linkFor(links: ImageLinks, url: string, now: Date): string {
  const match = /^\/api\/images\/([0-9a-f-]{36})\/(\d{1,2})$/.exec(url);
  return match ? links.sign(match[1]!, Number(match[2]), now) : url;
}

/** The stored text areas that have the expected shape (a damaged record gives none). */
function textAreasOf(value: unknown): ImageTextArea[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (area): area is ImageTextArea =>
      !!area &&
      typeof area === 'object' &&
      typeof (area as ImageTextArea).role === 'string' &&
      (['x', 'y', 'width', 'height'] as const).every((k) => Number.isFinite((area as ImageTextArea)[k])),
  );
}

export function toResult(row: ResultRow, links: ImageLinks, now = new Date()): GenerationResult {
  const data = (row.webhookData ?? {}) as Record<string, unknown>;
  const generatedAt = new Date(row.generatedAt);
  const expiresAt = new Date(generatedAt.getTime() + YEAR_MS);
  const stored = Array.isArray(data.images) ? (data.images as StoredImage[]) : [];
  const all = Array.isArray(data.allImages)
    ? (data.allImages as unknown[]).filter((u): u is string => typeof u === 'string')
    : [];
  const images = all.map((url, index) => {
    const texts = textAreasOf(stored[index]?.texts);
    const format = stored[index]?.format;
    return {
      url: linkFor(links, url, now),
      width: stored[index]?.width ?? 0,
      height: stored[index]?.height ?? 0,
      ...(typeof format === 'string' && { format }),
      ...(texts.length && { texts }),
    };
  });
  const selected = selectedImageOf(row.webhookData);
  const style = [data.styleRendu, data.style].find((s): s is string => typeof s === 'string' && s.length > 0);
  const format = [data.formatImage, data.format].find(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
  return {
    id: row.id,
    backgroundGenerationId: row.backgroundGenerationId,
    mode: data.generation_type || data.mode === 'express' ? 'express' : 'fusion',
    generatedAt: generatedAt.toISOString(),
    style: style ?? null,
    format: format ?? null,
    images,
    selectedImage: selected ? linkFor(links, selected, now) : null,
    expiresAt: expiresAt.toISOString(),
    availability:
      expiresAt.getTime() - now.getTime() <= EXPIRING_SOON_DAYS * 86_400_000 ? 'expiring' : 'available',
    settings: settingsUsed(row.webhookData),
  };
}
