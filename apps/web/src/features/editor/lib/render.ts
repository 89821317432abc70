/**
 * Draws the image and its layers at the image's own resolution; the screen shows this canvas scaled
 * down. The download is made by the server, which sets the same texts with the engine's typesetting.
 */
import type { EditorDocument, TextLayer } from '@vitrine/shared/api/editor';
import type { Lang } from '@vitrine/shared/locale';
import { canvasFont } from '../fonts';
import { contains, logoBox, textLayout, type Box, type FontOf, type Measure } from '../model/geometry';
import type { EditorState, Size } from '../model/types';

export type Overlay = {
  selectedLayer: EditorState['selectedLayer'];
  selectedTextId: string | null;
  guides: EditorState['guides'];
  /** Image pixels per CSS pixel on screen, so the frame and guides stay 2 px thin at any zoom. */
  pixelRatio: number;
};

export type Scene = {
  image: HTMLImageElement;
  /** The logo's image, or null when there is none or it failed to load (drawn without it). */
  logo: HTMLImageElement | null;
  document: EditorDocument;
  /** Font loads finished so far: a new one makes a new scene, drawn again with the arrived faces. */
  fontLoads?: number;
  /** The language whose typographic rules the texts are drawn by (the export's). */
  language: Lang;
};

const SELECTION_COLOUR = '#4f46e5';

export function canvasMeasure(ctx: CanvasRenderingContext2D): Measure {
  return (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
}

/** The engine's own faces for the six font names (docs/decisions/054). */
const fontOf: FontOf = (text, px) => canvasFont(text.fontFamily, text.fontWeight, px);

const naturalSize = (image: HTMLImageElement): Size => ({
  width: image.naturalWidth,
  height: image.naturalHeight,
});

function drawText(ctx: CanvasRenderingContext2D, text: TextLayer, size: Size, language: Lang) {
  const layout = textLayout(text, size, canvasMeasure(ctx), fontOf, language);
  if (text.backgroundColor !== 'transparent') {
    ctx.fillStyle = text.backgroundColor;
    const { x, y, width, height } = layout.box;
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, layout.fontPx * 0.2);
    ctx.fill();
  }
  ctx.font = layout.font;
  ctx.textBaseline = 'middle';
  const { lines, lineHeight, cy } = layout;
  // Lines set flush left by the engine start at the text's left edge; every other text is centred.
  const flushLeft = text.source?.flushLeft === true;
  ctx.textAlign = flushLeft ? 'left' : 'center';
  const cx = flushLeft ? layout.box.x + (layout.box.width - layout.textWidth) / 2 : layout.cx;
  const lineY = (i: number) => cy + (i - (lines.length - 1) / 2) * lineHeight;
  if (layout.outlinePx > 0) {
    // The stroke is centred on the glyph edge: twice the width shows the chosen width outside.
    ctx.lineWidth = layout.outlinePx * 2;
    ctx.lineJoin = 'round';
    ctx.strokeStyle = text.outlineColor;
    lines.forEach((line, i) => ctx.strokeText(line, cx, lineY(i)));
  }
  ctx.fillStyle = text.color;
  lines.forEach((line, i) => ctx.fillText(line, cx, lineY(i)));
}

/** The boxes of the layers as drawn, for hit-testing and the selection frame. */
export type LayerBoxes = { logo: Box | null; texts: { id: string; box: Box }[] };

export function renderScene(ctx: CanvasRenderingContext2D, scene: Scene, overlay?: Overlay): LayerBoxes {
  const size = naturalSize(scene.image);
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.drawImage(scene.image, 0, 0, size.width, size.height);
  const boxes = layerBoxes(ctx, scene);
  if (boxes.logo) ctx.drawImage(scene.logo!, boxes.logo.x, boxes.logo.y, boxes.logo.width, boxes.logo.height);
  for (const text of scene.document.texts) {
    ctx.save();
    drawText(ctx, text, size, scene.language);
    ctx.restore();
  }
  if (overlay) drawOverlay(ctx, size, boxes, overlay);
  return boxes;
}

/** Where each layer of the scene is drawn (image pixels), computed from the document, not a past frame. */
export function layerBoxes(ctx: CanvasRenderingContext2D, scene: Scene): LayerBoxes {
  const size = naturalSize(scene.image);
  const { logo } = scene.document;
  const measure = canvasMeasure(ctx);
  return {
    logo: logo && scene.logo ? logoBox(logo, size, naturalSize(scene.logo)) : null,
    texts: scene.document.texts.map((text) => ({
      id: text.id,
      box: textLayout(text, size, measure, fontOf, scene.language).box,
    })),
  };
}

function drawOverlay(ctx: CanvasRenderingContext2D, size: Size, boxes: LayerBoxes, overlay: Overlay) {
  const line = 2 * overlay.pixelRatio;
  ctx.save();
  ctx.lineWidth = line;
  if (overlay.guides.vertical || overlay.guides.horizontal) {
    ctx.strokeStyle = '#ec4899';
    ctx.setLineDash([6 * overlay.pixelRatio, 4 * overlay.pixelRatio]);
    ctx.beginPath();
    if (overlay.guides.vertical) {
      ctx.moveTo(size.width / 2, 0);
      ctx.lineTo(size.width / 2, size.height);
    }
    if (overlay.guides.horizontal) {
      ctx.moveTo(0, size.height / 2);
      ctx.lineTo(size.width, size.height / 2);
    }
    ctx.stroke();
  }
  const selected =
    overlay.selectedLayer === 'logo'
      ? boxes.logo
      : overlay.selectedLayer === 'text'
        ? (boxes.texts.find((t) => t.id === overlay.selectedTextId)?.box ?? null)
        : null;
  if (selected) {
    ctx.setLineDash([]);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = line * 2;
    ctx.strokeRect(
      selected.x - line,
      selected.y - line,
      selected.width + line * 2,
      selected.height + line * 2,
    );
    ctx.strokeStyle = SELECTION_COLOUR;
    ctx.lineWidth = line;
    ctx.strokeRect(
      selected.x - line,
      selected.y - line,
      selected.width + line * 2,
      selected.height + line * 2,
    );
  }
  ctx.restore();
}

/** The top-most layer under a point of the image (texts are drawn over the logo). */
export function hitLayer(boxes: LayerBoxes, x: number, y: number): 'logo' | { textId: string } | null {
  for (let i = boxes.texts.length - 1; i >= 0; i -= 1) {
    const entry = boxes.texts[i]!;
    if (contains(entry.box, x, y)) return { textId: entry.id };
  }
  return boxes.logo && contains(boxes.logo, x, y) ? 'logo' : null;
}

export { EDITED_FILE_NAME } from '@vitrine/shared/api/editor';
