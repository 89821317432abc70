/**
 * Every edit of the editor as a named action returning a new state (spec section 4, editor layer
 * selection, dragging and zoom). No React here: the view dispatches these and draws the result.
 */
import { EDITOR_LIMITS, EMPTY_EDITOR_DOCUMENT, type EditorDocument } from '@vitrine/shared/api/editor';
import {
  applyTextChange,
  canAddText,
  clampLogoSize,
  clampPercent,
  emptyDraft,
  logoFromUpload,
  newTextId,
  textFromDraft,
  newTextSpot,
  type TextBand,
  type TextStyleChange,
} from './document';
import { dragPosition, moveTo, positionOf, startDrag } from './drag';
import { commit, redo, undo } from './history';
import type { EditorState, Size, TextDraft } from './types';
import { clampZoom, isMobileWidth, zoomIn, zoomOut } from './zoom';

export type LayerRef = 'logo' | { textId: string };

export type EditorAction =
  | { type: 'load'; document: EditorDocument }
  | { type: 'newLogo' }
  | { type: 'setLogo'; uploadId: string }
  | { type: 'removeLogo' }
  | { type: 'setLogoSize'; size: number }
  | { type: 'newText' }
  | { type: 'editDraft'; change: Partial<TextDraft> }
  | { type: 'addText'; now: number }
  | { type: 'updateText'; id: string; change: TextStyleChange }
  | { type: 'deleteText'; id: string }
  | { type: 'clickLayer'; layer: LayerRef }
  | { type: 'selectLayer'; layer: LayerRef }
  | { type: 'deselect' }
  | { type: 'dragStart'; x: number; y: number }
  | { type: 'dragMove'; x: number; y: number }
  | { type: 'dragEnd' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'deleteSelected' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'setViewport'; width: number }
  | { type: 'togglePanel'; side: 'left' | 'right' }
  | { type: 'setCanvas'; size: Size }
  | { type: 'setDisplay'; size: Size }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialEditorState(
  viewportWidth: number,
  document = EMPTY_EDITOR_DOCUMENT,
  baked: TextBand[] = [],
): EditorState {
  const mobile = isMobileWidth(viewportWidth);
  return {
    document,
    selectedLayer: 'none',
    selectedTextId: null,
    creating: false,
    draft: emptyDraft(),
    draftKey: 0,
    zoom: EDITOR_LIMITS.zoom.default,
    mobile,
    panels: { left: !mobile, right: !mobile },
    canvas: { width: 0, height: 0 },
    display: { width: 0, height: 0 },
    drag: null,
    guides: { vertical: false, horizontal: false },
    history: { past: [], future: [], lastKey: null },
    baked,
  };
}

const deselected = { selectedLayer: 'none', selectedTextId: null } as const;

function isSelected(state: EditorState, layer: LayerRef): boolean {
  return layer === 'logo'
    ? state.selectedLayer === 'logo'
    : state.selectedLayer === 'text' && state.selectedTextId === layer.textId;
}

function select(state: EditorState, layer: LayerRef): EditorState {
  if (layer === 'logo') {
    if (!state.document.logo) return state;
    return { ...state, selectedLayer: 'logo', selectedTextId: null, creating: false };
  }
  if (!state.document.texts.some((text) => text.id === layer.textId)) return state;
  return { ...state, selectedLayer: 'text', selectedTextId: layer.textId, creating: false };
}

function removeLogo(state: EditorState): EditorState {
  if (!state.document.logo) return state;
  // The next logo starts again at the centre (50/50): a removed logo leaves no position behind.
  const next = commit(state, { ...state.document, logo: null }, null);
  return state.selectedLayer === 'logo' ? { ...next, ...deselected } : next;
}

function deleteText(state: EditorState, id: string): EditorState {
  if (!state.document.texts.some((text) => text.id === id)) return state;
  const next = commit(
    state,
    { ...state.document, texts: state.document.texts.filter((t) => t.id !== id) },
    null,
  );
  return { ...next, ...deselected };
}

/** Moves the selected layer by a step in percent (arrow keys), clamped to the image. */
function nudge(state: EditorState, dx: number, dy: number): EditorState {
  const target: LayerRef | null =
    state.selectedLayer === 'logo'
      ? 'logo'
      : state.selectedLayer === 'text' && state.selectedTextId
        ? { textId: state.selectedTextId }
        : null;
  if (!target) return state;
  const at = positionOf(state.document, target);
  if (!at) return state;
  const key = `nudge:${target === 'logo' ? 'logo' : target.textId}`;
  return commit(state, moveTo(state.document, target, clampPercent(at.x + dx), clampPercent(at.y + dy)), key);
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return {
        ...state,
        ...deselected,
        document: action.document,
        creating: false,
        drag: null,
        history: { past: [], future: [], lastKey: null },
      };
    case 'newLogo':
      return {
        ...state,
        selectedLayer: 'logo',
        selectedTextId: null,
        creating: false,
        panels: { ...state.panels, left: true },
      };
    case 'setLogo': {
      const logo = logoFromUpload(action.uploadId, state.document.logo);
      const next = commit(state, { ...state.document, logo }, null);
      return { ...next, selectedLayer: 'logo', selectedTextId: null, creating: false };
    }
    case 'removeLogo':
      return removeLogo(state);
    case 'setLogoSize': {
      const { logo } = state.document;
      if (!logo) return state;
      return commit(
        state,
        { ...state.document, logo: { ...logo, size: clampLogoSize(action.size) } },
        'logoSize',
      );
    }
    case 'newText':
      return {
        ...state,
        ...deselected,
        creating: true,
        draft: { ...state.draft, text: '' },
        draftKey: state.draftKey + 1,
        panels: { ...state.panels, left: true },
      };
    case 'editDraft':
      return { ...state, draft: applyTextChange(state.draft, action.change) };
    case 'addText': {
      if (!canAddText(state.draft) || state.document.texts.length >= EDITOR_LIMITS.maxTexts) return state;
      const id = newTextId(state.document, action.now);
      const text = textFromDraft(state.draft, id, newTextSpot(state.document, state.baked));
      const next = commit(state, { ...state.document, texts: [...state.document.texts, text] }, null);
      return {
        ...next,
        selectedLayer: 'text',
        selectedTextId: id,
        creating: false,
        draft: { ...state.draft, text: '' },
      };
    }
    case 'updateText': {
      // A text on the image always has content: clearing it in the form leaves the last content saved.
      if (action.change.text !== undefined && !canAddText({ text: action.change.text })) return state;
      const exists = state.document.texts.some((text) => text.id === action.id);
      if (!exists) return state;
      const texts = state.document.texts.map((text) =>
        text.id === action.id ? applyTextChange(text, action.change) : text,
      );
      const key = `text:${action.id}:${Object.keys(action.change).sort().join(',')}`;
      return commit(state, { ...state.document, texts }, key);
    }
    case 'deleteText':
      return deleteText(state, action.id);
    case 'clickLayer':
      return isSelected(state, action.layer) ? { ...state, ...deselected } : select(state, action.layer);
    case 'selectLayer':
      return select(state, action.layer);
    case 'deselect':
      return { ...state, ...deselected, creating: false };
    case 'dragStart': {
      const drag = startDrag(state, action.x, action.y);
      if (!drag) return state;
      // A new drag is a new undo step, even right after another drag of the same layer.
      return { ...state, drag, history: { ...state.history, lastKey: null } };
    }
    case 'dragMove': {
      if (!state.drag) return state;
      const to = dragPosition(state, state.drag, action.x, action.y);
      if (!to) return state;
      const next = commit(state, moveTo(state.document, state.drag.target, to.x, to.y), 'drag');
      return { ...next, guides: to.guides };
    }
    case 'dragEnd':
      return state.drag ? { ...state, drag: null, guides: { vertical: false, horizontal: false } } : state;
    case 'nudge':
      return nudge(state, action.dx, action.dy);
    case 'deleteSelected':
      if (state.selectedLayer === 'logo') return removeLogo(state);
      if (state.selectedLayer === 'text' && state.selectedTextId)
        return deleteText(state, state.selectedTextId);
      return state;
    case 'zoomIn':
      return { ...state, zoom: zoomIn(state.zoom, state.mobile) };
    case 'zoomOut':
      return { ...state, zoom: zoomOut(state.zoom, state.mobile) };
    case 'setViewport': {
      const mobile = isMobileWidth(action.width);
      if (mobile === state.mobile) return state;
      // Crossing the breakpoint: both panels collapse on a phone and open again on a larger screen.
      return {
        ...state,
        mobile,
        zoom: clampZoom(state.zoom, mobile),
        panels: { left: !mobile, right: !mobile },
      };
    }
    case 'togglePanel':
      return { ...state, panels: { ...state.panels, [action.side]: !state.panels[action.side] } };
    case 'setCanvas':
      return { ...state, canvas: action.size };
    case 'setDisplay':
      return state.display.width === action.size.width && state.display.height === action.size.height
        ? state
        : { ...state, display: action.size };
    case 'undo':
      return undo(state);
    case 'redo':
      return redo(state);
  }
}
