/** Undo and redo over the saved document; a run of edits of one kind (a drag, a slider) is one step. */
import type { EditorDocument } from '@vitrine/shared/api/editor';
import type { EditorState } from './types';

export const HISTORY_LIMIT = 100;

/**
 * Replaces the document, remembering the previous one. An edit whose key equals the previous edit's
 * (the moves of one drag, the steps of one slider) joins that undo step instead of making a new one.
 */
export function commit(state: EditorState, document: EditorDocument, key: string | null): EditorState {
  if (document === state.document) return state;
  const { past, lastKey } = state.history;
  const joins = key !== null && key === lastKey;
  return {
    ...state,
    document,
    history: {
      past: joins ? past : [...past, state.document].slice(-HISTORY_LIMIT),
      future: [],
      lastKey: key,
    },
  };
}

/** After undo or redo, a selection pointing at a layer that is no longer there is cleared. */
function keepValidSelection(state: EditorState): EditorState {
  const { selectedLayer, selectedTextId, document } = state;
  const gone =
    (selectedLayer === 'logo' && !document.logo) ||
    (selectedLayer === 'text' && !document.texts.some((text) => text.id === selectedTextId));
  return gone ? { ...state, selectedLayer: 'none', selectedTextId: null } : state;
}

export function undo(state: EditorState): EditorState {
  const { past, future } = state.history;
  const previous = past.at(-1);
  if (!previous) return state;
  return keepValidSelection({
    ...state,
    document: previous,
    drag: null,
    history: { past: past.slice(0, -1), future: [state.document, ...future], lastKey: null },
  });
}

export function redo(state: EditorState): EditorState {
  const { past, future } = state.history;
  const next = future[0];
  if (!next) return state;
  return keepValidSelection({
    ...state,
    document: next,
    drag: null,
    history: { past: [...past, state.document], future: future.slice(1), lastKey: null },
  });
}

export const canUndo = (state: EditorState) => state.history.past.length > 0;
export const canRedo = (state: EditorState) => state.history.future.length > 0;
