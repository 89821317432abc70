/** Making and changing layers of the saved document. */
import {
  EDITOR_LIMITS,
  TEXT_DEFAULTS,
  type EditorDocument,
  type LogoLayer,
  type TextLayer,
} from '@vitrine/shared/api/editor';
import type { TextDraft } from './types';

export const CENTRE = 50;

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

export function clampLogoSize(size: number): number {
  const { min, max } = EDITOR_LIMITS.logoSize;
  return Math.min(max, Math.max(min, Math.round(size)));
}

export function clampFontSize(size: number): number {
  const { min, max, step } = EDITOR_LIMITS.fontSize;
  return Math.min(max, Math.max(min, Math.round(size / step) * step));
}

export function clampOutline(width: number): number {
  const { min, max } = EDITOR_LIMITS.outlineWidth;
  return Math.min(max, Math.max(min, Math.round(width)));
}

/** The form's starting point for a new text (spec section 3, text defaults). */
export function emptyDraft(): TextDraft {
  return { text: '', ...TEXT_DEFAULTS };
}

/** A text may be added only with visible content (spec section 5, editor). */
export function canAddText(draft: Pick<TextDraft, 'text'>): boolean {
  return draft.text.trim().length > 0;
}

/** The translated notice shown when a blank text is refused. */
export const TEXT_REQUIRED_NOTICE = {
  title: 'editor.textRequired',
  description: 'editor.textRequiredDescription',
} as const;

/** Ids are timestamps (spec section 3), made unique within the document. */
export function newTextId(document: EditorDocument, now: number): string {
  let id = now;
  const taken = new Set(document.texts.map((text) => text.id));
  while (taken.has(String(id))) id += 1;
  return String(id);
}

/**
 * Where new texts go, in turn: the lower band (under the product, clear of a headline at the top), the
 * top, then between them, and the centre last. The logo starts at the centre (spec section 3), over
 * the product, so a text never starts there while another spot is free; a logo moved elsewhere holds
 * its spot too.
 */
const TEXT_SPOTS = [85, 15, 70, 30, 50] as const;
/** A spot is taken by a text whose centre is nearer than this (in percent of the height). */
const TAKEN_WITHIN = 8;

/** A band of the image, in percent of its height, that text set by the engine covers. */
export type TextBand = { top: number; bottom: number };

/**
 * The first spot no text nor the logo holds yet, and that is not on the text the image already has
 * (its slogan and tagline, `baked`); the centre when all are.
 */
export function newTextSpot(document: EditorDocument, baked: TextBand[] = []): { x: number; y: number } {
  const taken = [...document.texts.map((text) => text.y), ...(document.logo ? [document.logo.y] : [])];
  const onBaked = (spot: number) =>
    baked.some((band) => spot >= band.top - TAKEN_WITHIN / 2 && spot <= band.bottom + TAKEN_WITHIN / 2);
  const free = (spot: number) => !onBaked(spot) && taken.every((at) => Math.abs(at - spot) >= TAKEN_WITHIN);
  const y = TEXT_SPOTS.find(free) ?? TEXT_SPOTS.find((spot) => !onBaked(spot)) ?? CENTRE;
  return { x: CENTRE, y };
}

/** The bands an image's own texts take, from their rectangles in its pixels. */
export function textBandsOf(
  texts: { y: number; height: number }[] | undefined,
  imageHeight: number,
): TextBand[] {
  if (!texts || imageHeight <= 0) return [];
  return texts.map((t) => ({
    top: (t.y / imageHeight) * 100,
    bottom: ((t.y + t.height) / imageHeight) * 100,
  }));
}

export function textFromDraft(draft: TextDraft, id: string, at: { x: number; y: number }): TextLayer {
  return {
    id,
    text: draft.text.trim().slice(0, EDITOR_LIMITS.maxTextLength),
    x: at.x,
    y: at.y,
    fontSize: clampFontSize(draft.fontSize),
    color: draft.color,
    backgroundColor: draft.backgroundColor,
    fontFamily: draft.fontFamily,
    fontWeight: draft.fontWeight,
    outlineColor: draft.outlineColor,
    outlineWidth: clampOutline(draft.outlineWidth),
  };
}

/** A new logo goes to the centre at the default size; a replaced one keeps its place and size. */
export function logoFromUpload(uploadId: string, previous: LogoLayer | null): LogoLayer {
  return previous
    ? { ...previous, uploadId }
    : { uploadId, x: CENTRE, y: CENTRE, size: EDITOR_LIMITS.logoSize.default };
}

export type TextStyleChange = Partial<Omit<TextLayer, 'id' | 'x' | 'y'>>;

/** A style or content change, kept within the contract's limits. */
export function applyTextChange<T extends Omit<TextLayer, 'id' | 'x' | 'y'>>(
  text: T,
  change: TextStyleChange,
): T {
  const next = { ...text, ...change };
  if (change.fontSize !== undefined) next.fontSize = clampFontSize(change.fontSize);
  if (change.outlineWidth !== undefined) next.outlineWidth = clampOutline(change.outlineWidth);
  if (change.text !== undefined) next.text = change.text.slice(0, EDITOR_LIMITS.maxTextLength);
  return next;
}
