/** The images of a finished generation, as the result panel offers them (spec sections 2, 3 and 7). */
import type { GenerationImage, GenerationResult } from '@vitrine/shared/api/generations';

/** Spec section 7: the result download saves a jpg named "promotional image". */
export const DOWNLOAD_FILE_NAME = 'promotional image.jpg';

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/**
 * The variants to pick from. A result recorded with only a selected image (no list) still offers that
 * one image, with unknown size.
 */
export function resultImages(result: Pick<GenerationResult, 'images' | 'selectedImage'>): GenerationImage[] {
  if (result.images.length > 0) return result.images;
  return result.selectedImage ? [{ url: result.selectedImage, width: 0, height: 0 }] : [];
}

/**
 * The variant shown first: the result's selected image when it is one of the variants (links may carry
 * different signatures, so they are compared by path), else the first.
 */
export function initialImageIndex(result: Pick<GenerationResult, 'images' | 'selectedImage'>): number {
  if (!result.selectedImage) return 0;
  const selected = pathOf(result.selectedImage);
  const index = resultImages(result).findIndex((image) => pathOf(image.url) === selected);
  return index >= 0 ? index : 0;
}

/** The image to show in a list (history thumbnail), or null for 'N/A'. */
export function previewUrl(result: Pick<GenerationResult, 'images' | 'selectedImage'>): string | null {
  return resultImages(result)[initialImageIndex(result)]?.url ?? null;
}

/** A link that works outside the app (share, clipboard): the image URL made absolute. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/** The images of one format: its key (absent on results made before it was recorded) and their indices. */
export type FormatGroup = { format: string | undefined; indices: number[] };

/**
 * A result's images by format, in the order the formats first appear (the chosen format first). A
 * result of one format is one group.
 */
export function formatGroups(images: readonly Pick<GenerationImage, 'format'>[]): FormatGroup[] {
  const groups: FormatGroup[] = [];
  images.forEach((image, index) => {
    const group = groups.find((g) => g.format === image.format);
    if (group) group.indices.push(index);
    else groups.push({ format: image.format, indices: [index] });
  });
  return groups;
}

/**
 * The image to show when another format is picked: the same variant (by its place in its format) when
 * that format has it, else that format's last.
 */
export function indexInFormat(groups: readonly FormatGroup[], selected: number, format: string | undefined) {
  const from = groups.find((group) => group.indices.includes(selected));
  const to = groups.find((group) => group.format === format);
  if (!to) return selected;
  const place = from ? from.indices.indexOf(selected) : 0;
  return to.indices[Math.min(place, to.indices.length - 1)]!;
}
