/**
 * Saves the document after each change, debounced, so reopening from History restores every layer.
 * A save still pending when the editor closes is sent at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorDocument } from '@vitrine/shared/api/editor';
import { saveEditorDocument } from '../api/editor-document';

export const SAVE_DEBOUNCE_MS = 800;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export function useAutosave(
  resultId: string,
  image: number,
  document: EditorDocument,
  /** The document as loaded: nothing is sent until the user changes it. Null: saving is off. */
  loaded: EditorDocument | null,
): SaveStatus {
  const [sent, setSent] = useState<{
    document: EditorDocument;
    status: 'saving' | 'saved' | 'failed';
  } | null>(null);
  const pending = useRef<(() => void) | null>(null);
  /** The last document sent: a change back to it (an undo) needs no save; one away from it does. */
  const lastSent = useRef<EditorDocument | null>(null);
  /** Saves go one after the other, so a slow earlier one never lands over a newer one. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!loaded) return;
    if (document === (lastSent.current ?? loaded)) {
      pending.current = null;
      return;
    }
    const send = () => {
      pending.current = null;
      lastSent.current = document;
      setSent({ document, status: 'saving' });
      queue.current = queue.current
        .catch(() => undefined)
        .then(() => saveEditorDocument(resultId, image, document))
        .then(
          () => setSent((last) => (last?.document === document ? { document, status: 'saved' } : last)),
          () => setSent((last) => (last?.document === document ? { document, status: 'failed' } : last)),
        );
    };
    const timer = setTimeout(send, SAVE_DEBOUNCE_MS);
    pending.current = send;
    return () => clearTimeout(timer);
  }, [resultId, image, document, loaded]);

  // Closing the editor (back, dialog closed) with a change not yet sent: send it now.
  useEffect(() => () => pending.current?.(), []);

  if (!loaded) return 'idle';
  if (!sent) return document === loaded ? 'idle' : 'pending';
  if (sent.document !== document) return 'pending';
  return sent.status;
}
