/**
 * Moving layers (spec section 4, dragging): the logo when there is one and no text is selected, else the
 * selected text; positions in percent of the displayed canvas, clamped 0-100, moves under 0.5 % ignored,
 * snapped to the centre lines when close to them.
 */
import { EDITOR_LIMITS, type EditorDocument } from '@vitrine/shared/api/editor';
import { CENTRE, clampPercent } from './document';
import { displayToPercent } from './geometry';
import type { Drag, EditorState } from './types';

/** Within this distance (percent) of a centre line, a dragged layer sits on it. */
export const SNAP_PERCENT = 1;

export type Target = Drag['target'];

/** The layer a drag moves, or null when there is nothing to move. */
export function dragTarget(
  state: Pick<EditorState, 'document' | 'selectedLayer' | 'selectedTextId'>,
): Target | null {
  const { document, selectedLayer, selectedTextId } = state;
  if (document.logo && selectedLayer !== 'text') return 'logo';
  if (selectedLayer === 'text' && document.texts.some((text) => text.id === selectedTextId))
    return { textId: selectedTextId! };
  return null;
}

export function positionOf(document: EditorDocument, target: Target): { x: number; y: number } | null {
  if (target === 'logo') return document.logo ? { x: document.logo.x, y: document.logo.y } : null;
  const text = document.texts.find((t) => t.id === target.textId);
  return text ? { x: text.x, y: text.y } : null;
}

export function moveTo(document: EditorDocument, target: Target, x: number, y: number): EditorDocument {
  if (target === 'logo') return document.logo ? { ...document, logo: { ...document.logo, x, y } } : document;
  return {
    ...document,
    texts: document.texts.map((text) => (text.id === target.textId ? { ...text, x, y } : text)),
  };
}

export function snap(value: number): { value: number; snapped: boolean } {
  return Math.abs(value - CENTRE) < SNAP_PERCENT
    ? { value: CENTRE, snapped: true }
    : { value, snapped: false };
}

/** Starts a drag at a point of the displayed canvas (CSS pixels); the layer keeps its grab offset. */
export function startDrag(state: EditorState, px: number, py: number): Drag | null {
  const target = dragTarget(state);
  if (!target) return null;
  const at = positionOf(state.document, target);
  if (!at) return null;
  const pointer = displayToPercent(px, py, state.display);
  return { target, offsetX: at.x - pointer.x, offsetY: at.y - pointer.y };
}

/** Where the dragged layer goes for a pointer at (px, py), or null when the move is too small. */
export function dragPosition(
  state: EditorState,
  drag: Drag,
  px: number,
  py: number,
): { x: number; y: number; guides: EditorState['guides'] } | null {
  const at = positionOf(state.document, drag.target);
  if (!at) return null;
  const pointer = displayToPercent(px, py, state.display);
  const rawX = clampPercent(pointer.x + drag.offsetX);
  const rawY = clampPercent(pointer.y + drag.offsetY);
  const threshold = EDITOR_LIMITS.dragThreshold;
  if (Math.abs(rawX - at.x) < threshold && Math.abs(rawY - at.y) < threshold) return null;
  const x = snap(rawX);
  const y = snap(rawY);
  return { x: x.value, y: y.value, guides: { vertical: x.snapped, horizontal: y.snapped } };
}
