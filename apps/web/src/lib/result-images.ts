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
