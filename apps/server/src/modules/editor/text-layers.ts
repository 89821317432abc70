/**
 * Between the editor's text layers and the engine's (docs/decisions/046). An image's slogan and
 * tagline open as editor texts (`textViewOf`); at export each editor text becomes an engine layer
 * (`engineLayersOf`): one that edits a stored layer keeps everything the engine decided that the user
 * did not change (the same words, size, face, colour and place give the same pixels), and a text
 * added in the editor is set on one line, centred where it is, at its size scaled to the image.
 * Loaded with the engine, on first use.
 */
import {
  EDITOR_LIMITS,
  EDITOR_REFERENCE_WIDTH,
  EDITOR_V1_REFERENCE_WIDTH,
  upgradeV1FontSize,
  type EditorDocument,
  type TextLayer,
} from '@vitrine/shared/api/editor';
import type { StoredTextLayer } from '@vitrine/shared/api/text-layers';
import type { Lang } from '@vitrine/shared/locale';
import { editorFontOf, typefaceFor } from '@vitrine/engine/local/text/editor-faces';
import { dpiForEm, emPx, type TextLayer as EngineTextLayer } from '@vitrine/engine/local/text/layers';

export type Size = { width: number; height: number };
type Rgb = [number, number, number];

/** A layer left within this much (percent of the image) of where it opened has not moved. */
const UNMOVED = 0.05;

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const rgbOf = (colour: string): Rgb => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as Rgb;
const percent = (px: number, of: number) => Math.min(100, Math.max(0, (px / of) * 100));
const scaleOf = (image: Size) => image.width / EDITOR_REFERENCE_WIDTH;

/** The editor's size nearest to a size: a step of its range, within it. */
function clampFontSize(size: number): number {
  const { min, max, step } = EDITOR_LIMITS.fontSize;
  return Math.min(max, Math.max(min, Math.round(size / step) * step));
}

/** How the editor opens a stored layer: its words, where its text is, its size, colour and face. */
export function textViewOf(layer: StoredTextLayer, image: Size): TextLayer {
  const { rect } = layer;
  return {
    id: layer.role,
    text: layer.text.slice(0, EDITOR_LIMITS.maxTextLength),
    x: percent(rect.x + rect.width / 2, image.width),
    y: percent(rect.y + rect.height / 2, image.height),
    fontSize: clampFontSize(emPx(layer.dpi) / scaleOf(image)),
    color: hex(layer.colour),
    backgroundColor: layer.band ? hex(layer.band) : 'transparent',
    ...editorFontOf(layer.typeface),
    outlineColor: '#000000',
    outlineWidth: 0,
    source: {
      role: layer.role,
      width: Math.max(1, percent(layer.measure, image.width)),
      ...(layer.typeface.uppercase && { uppercase: true }),
      ...(layer.align === 'left' && { flushLeft: true }),
    },
  };
}

/** What the editor adds to any text: an outline and a band, at the image's scale. */
function decorations(text: TextLayer, image: Size): Pick<EngineTextLayer, 'outline' | 'band'> {
  return {
    ...(text.outlineWidth > 0 && {
      outline: { colour: rgbOf(text.outlineColor), width: text.outlineWidth * scaleOf(image) },
    }),
    ...(text.backgroundColor !== 'transparent' && { band: rgbOf(text.backgroundColor) }),
  };
}

/** A stored layer as the user edited it: what they left as it opened stays as the engine set it. */
function editedLayer(stored: StoredTextLayer, text: TextLayer, image: Size): EngineTextLayer {
  // Its band, if any, is the editor's background now: kept, changed or taken away there.
  const { rect: _rect, band: _band, ...layer } = stored;
  const view = textViewOf(stored, image);
  const edited: EngineTextLayer = { ...layer, text: text.text, ...decorations(text, image) };
  // The size it opened at, as a version 1 document saved it (then converted): not a change either.
  const openedInVersion1 = upgradeV1FontSize(
    clampFontSize(emPx(layer.dpi) / (image.width / EDITOR_V1_REFERENCE_WIDTH)),
  );
  if (text.fontSize !== view.fontSize && text.fontSize !== openedInVersion1) {
    const dpi = dpiForEm(text.fontSize * scaleOf(image));
    const k = dpi / layer.dpi;
    const { box } = layer;
    // Larger or smaller about its centre: its lines break where they did.
    edited.dpi = dpi;
    edited.measure = Math.max(1, Math.round(layer.measure * k));
    edited.box = {
      x: Math.round(box.x + (box.width * (1 - k)) / 2),
      y: Math.round(box.y + (box.height * (1 - k)) / 2),
      width: Math.round(box.width * k),
      height: Math.round(box.height * k),
    };
  }
  if (text.fontFamily !== view.fontFamily || text.fontWeight !== view.fontWeight) {
    edited.typeface = {
      ...typefaceFor(text.fontFamily, text.fontWeight),
      uppercase: layer.typeface.uppercase,
    };
  }
  if (text.color.toLowerCase() !== view.color) edited.colour = rgbOf(text.color);
  const dx = text.x - view.x;
  const dy = text.y - view.y;
  if (Math.abs(dx) > UNMOVED || Math.abs(dy) > UNMOVED) {
    edited.box = {
      ...edited.box,
      x: Math.round(edited.box.x + (dx / 100) * image.width),
      y: Math.round(edited.box.y + (dy / 100) * image.height),
    };
  }
  return edited;
}

/** A text added in the editor: one line, centred on its place, in the nearest shipped face. */
function addedLayer(text: TextLayer, image: Size, language: Lang): EngineTextLayer {
  const cx = (text.x / 100) * image.width;
  const cy = (text.y / 100) * image.height;
  // Wider than any line the editor's 200 characters make at its largest size: never wrapped.
  const measure = image.width * 4;
  return {
    role: 'text',
    text: text.text,
    language,
    typeface: typefaceFor(text.fontFamily, text.fontWeight),
    align: 'center',
    box: { x: Math.round(cx - measure / 2), y: Math.round(cy), width: measure, height: 0 },
    dpi: dpiForEm(text.fontSize * scaleOf(image)),
    measure,
    colour: rgbOf(text.color),
    effect: { kind: 'none' },
    ...decorations(text, image),
  };
}

/**
 * The document's texts as engine layers, in its order. A text naming a stored layer the image does
 * not have (or drawn over the composed image) is set as an added text.
 */
export function engineLayersOf(
  document: EditorDocument,
  stored: StoredTextLayer[],
  image: Size,
  language: Lang,
): EngineTextLayer[] {
  const onPlate = document.background === 'plate';
  return document.texts.map((text) => {
    const original = onPlate && text.source && stored.find((layer) => layer.role === text.source!.role);
    return original ? editedLayer(original, text, image) : addedLayer(text, image, language);
  });
}
