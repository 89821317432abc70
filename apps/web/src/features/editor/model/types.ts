/** The editor's state: the saved document plus what only the screen needs (spec section 3, editor state). */
import type { TextBand } from './document';
import type { EditorDocument, EditorFont, EditorWeight } from '@vitrine/shared/api/editor';

export type SelectedLayer = 'none' | 'logo' | 'text';

/** The text form's content and style while a new text is being written. */
export type TextDraft = {
  text: string;
  fontSize: number;
  color: string;
  backgroundColor: string;
  fontFamily: EditorFont;
  fontWeight: EditorWeight;
  outlineColor: string;
  outlineWidth: number;
};

export type Size = { width: number; height: number };

/** A layer being dragged: the pointer's offset from the layer's centre, in percent. */
export type Drag = { target: 'logo' | { textId: string }; offsetX: number; offsetY: number };

export type EditorState = {
  document: EditorDocument;
  selectedLayer: SelectedLayer;
  selectedTextId: string | null;
  /** New text pressed: the form writes a text that is not on the image yet. */
  creating: boolean;
  draft: TextDraft;
  /** Counts New text presses: each one starts a fresh form that takes the focus. */
  draftKey: number;
  zoom: number;
  /** Under the mobile breakpoint: zoom is capped and both panels start collapsed. */
  mobile: boolean;
  panels: { left: boolean; right: boolean };
  /** The image's own pixels (what is exported). */
  canvas: Size;
  /** The canvas as shown on screen, zoom included (what the pointer moves over). */
  display: Size;
  drag: Drag | null;
  /** Centre lines the dragged layer is snapped to, drawn as guides while dragging. */
  guides: { vertical: boolean; horizontal: boolean };
  history: { past: EditorDocument[]; future: EditorDocument[]; lastKey: string | null };
  /** Where the image's own texts are (its slogan, its tagline): new texts start clear of them. */
  baked: TextBand[];
};
