/**
 * The safe area of an image: the part where text and the product's key parts stay, clear of what the
 * networks lay over a post. A story (9:16) is covered by the apps' profile bar at the top and the reply
 * field at the bottom: on a 1080 x 1920 story, the top 250 px and the bottom 340 px. Every other format
 * keeps a margin on each side, so nothing touches the edge or is cut by a rounded or cropped preview.
 * A feed post of 4:5 is shown cropped to 3:4 (centred) in a profile's grid: its sides keep the margin
 * inside that crop. A pin (2:3) is shown whole in a board, corners rounded: the margin covers them.
 */
import type { Size } from './generation';

export type SafeArea = { x: number; y: number; width: number; height: number };

/** A story's overlays, as pixels of a 1080 x 1920 story (scaled with the image's height). */
export const STORY_TOP_OVERLAY = 250;
export const STORY_BOTTOM_OVERLAY = 340;
const STORY_REFERENCE_HEIGHT = 1920;
/** A story's side margin, and every other format's margin, as a share of the image's shorter side. */
const MARGIN_SHARE = 0.045;

/** Tall images close to 9:16 are stories, whatever their pixel size. */
export const isStory = ({ width, height }: Size) => Math.abs(width / height - 9 / 16) < 0.02;

/** A 4:5 feed post, whatever its pixel size. */
export const isFeedPost = ({ width, height }: Size) => Math.abs(width / height - 4 / 5) < 0.01;
/** The shape a profile's grid crops a 4:5 post to: 3:4, centred. */
const GRID_CROP = 3 / 4;

export function safeAreaOf(size: Size): SafeArea {
  const { width, height } = size;
  const margin = Math.round(MARGIN_SHARE * Math.min(width, height));
  if (isFeedPost(size)) {
    const cropped = (width - height * GRID_CROP) / 2;
    const side = Math.round(cropped + MARGIN_SHARE * height * GRID_CROP);
    return { x: side, y: margin, width: width - 2 * side, height: height - 2 * margin };
  }
  if (isStory(size)) {
    const scale = height / STORY_REFERENCE_HEIGHT;
    const top = Math.round(STORY_TOP_OVERLAY * scale);
    const bottom = Math.round(STORY_BOTTOM_OVERLAY * scale);
    return { x: margin, y: top, width: width - 2 * margin, height: height - top - bottom };
  }
  return { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin };
}

/** Whether a rectangle lies wholly inside the safe area (edges included). */
export function insideSafeArea(rect: SafeArea, safe: SafeArea): boolean {
  return (
    rect.x >= safe.x &&
    rect.y >= safe.y &&
    rect.x + rect.width <= safe.x + safe.width &&
    rect.y + rect.height <= safe.y + safe.height
  );
}

/**
 * A rectangle moved the least distance that puts it inside the safe area, and made smaller only where
 * it is larger than the area.
 */
export function intoSafeArea(rect: SafeArea, safe: SafeArea): SafeArea {
  const width = Math.min(rect.width, safe.width);
  const height = Math.min(rect.height, safe.height);
  const x = Math.min(Math.max(rect.x, safe.x), safe.x + safe.width - width);
  const y = Math.min(Math.max(rect.y, safe.y), safe.y + safe.height - height);
  return { x, y, width, height };
}
