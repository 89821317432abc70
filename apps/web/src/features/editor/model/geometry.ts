/**
 * Where layers sit, in the image's own pixels: what the canvas draws and what the download holds, so
 * the export is the same at any zoom or screen size (spec sections 3 and 9).
 */
import type { Lang } from '@vitrine/shared/locale';
import { applyTypography, upperCase } from '@vitrine/shared/typography';
import {
  EDITOR_REFERENCE_WIDTH,
  LOGO_WIDTH_FACTOR,
  type LogoLayer,
  type TextLayer,
} from '@vitrine/shared/api/editor';
import type { Size } from './types';

export type Box = { x: number; y: number; width: number; height: number };

/** Logo width = size percent × 0.3 × image width (spec section 9). */
export function logoWidth(sizePercent: number, imageWidth: number): number {
  return (sizePercent / 100) * LOGO_WIDTH_FACTOR * imageWidth;
}

/** The logo's box: its width from the size, its height from the logo's own proportions. */
export function logoBox(logo: LogoLayer, image: Size, logoNatural: Size): Box {
  const width = logoWidth(logo.size, image.width);
  const height = logoNatural.width > 0 ? (width * logoNatural.height) / logoNatural.width : width;
  const cx = (logo.x / 100) * image.width;
  const cy = (logo.y / 100) * image.height;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** Text sizes are pixels of a 1080-wide display, scaled with the image. */
export function textScale(imageWidth: number): number {
  return imageWidth / EDITOR_REFERENCE_WIDTH;
}

/** The canvas `font` of a text at a pixel size; the view supplies the shipped faces (fonts.ts). */
export type FontOf = (text: Pick<TextLayer, 'fontFamily' | 'fontWeight'>, px: number) => string;

export type TextLayout = {
  font: string;
  fontPx: number;
  outlinePx: number;
  /** Centre of the text, image pixels. */
  cx: number;
  cy: number;
  /** The lines drawn, top to bottom, centred on cx, `lineHeight` apart around cy. */
  lines: string[];
  lineHeight: number;
  /** The widest line's width. */
  textWidth: number;
  /** The background box (and the area a pointer can grab). */
  box: Box;
};

/** Measures a text's advance width in a font; the canvas supplies it, tests a stand-in. */
export type Measure = (text: string, font: string) => number;

/**
 * The words in lines no wider than `maxWidth` (a word longer than it keeps a line of its own). Lines
 * break at ordinary spaces only: a no-break space (before a French "!", inside an amount) holds. The
 * engine balances its lines as well, so a preview may break a line one word apart from the export.
 */
export function wrapLines(text: string, maxWidth: number, width: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/[ \t\n\r]+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && width(longer) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = longer;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [text];
}

/**
 * A text's place and lines, its words set by the typographic rules of `language` as the export sets
 * them: one line for a text added in the editor; a text the engine set (its `source`) wraps at the
 * width it was set at, in capitals when the engine sets it so.
 */
export function textLayout(
  text: TextLayer,
  image: Size,
  measure: Measure,
  fontOf: FontOf,
  language: Lang,
): TextLayout {
  const scale = textScale(image.width);
  const fontPx = text.fontSize * scale;
  const font = fontOf(text, fontPx);
  const outlinePx = text.outlineWidth * scale;
  const padding = fontPx * 0.3;
  const typeset = applyTypography(text.text, language);
  const words = text.source?.uppercase ? upperCase(typeset, language) : typeset;
  const lines = text.source
    ? wrapLines(words, (text.source.width / 100) * image.width, (line) => measure(line, font))
    : [words];
  const lineHeight = fontPx * 1.25;
  const textWidth = Math.max(...lines.map((line) => measure(line, font)));
  const width = textWidth + padding * 2 + outlinePx;
  const height = lineHeight * lines.length + padding * 2 + outlinePx;
  const cx = (text.x / 100) * image.width;
  const cy = (text.y / 100) * image.height;
  return {
    font,
    fontPx,
    outlinePx,
    cx,
    cy,
    lines,
    lineHeight,
    textWidth,
    box: { x: cx - width / 2, y: cy - height / 2, width, height },
  };
}

export function contains(box: Box, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

/** A point on the displayed canvas (CSS pixels from its top-left corner), in percent of it. */
export function displayToPercent(x: number, y: number, display: Size): { x: number; y: number } {
  if (display.width <= 0 || display.height <= 0) return { x: 0, y: 0 };
  return { x: (x / display.width) * 100, y: (y / display.height) * 100 };
}

/** A point on the displayed canvas, in the image's pixels. */
export function displayToImage(x: number, y: number, display: Size, image: Size): { x: number; y: number } {
  const p = displayToPercent(x, y, display);
  return { x: (p.x / 100) * image.width, y: (p.y / 100) * image.height };
}

/** The displayed size of an image fitted into a box (never enlarged past its pixels), times the zoom. */
export function fitDisplay(image: Size, box: Size, zoom: number): Size {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0)
    return { width: 0, height: 0 };
  const fit = Math.min(box.width / image.width, box.height / image.height, 1);
  return { width: image.width * fit * zoom, height: image.height * fit * zoom };
}
