/**
 * Saves the document after each change, debounced, so reopening from History restores every layer.
 * A save still pending when the editor closes is sent at once, and so is one pending when the page
 * goes (reload, tab closed, another site): sent with keepalive, it outlives the page.
 *
 * Each save names the version it was made from; when the image was saved meanwhile elsewhere (another
 * tab, another device), the server refuses it and saving stops here with 'conflict', so that neither
 * place's work silently replaces the other's. The user then loads the latest version.
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorDocument, EditorDocumentResponse } from '@vitrine/shared/api/editor';
import { ApiError } from '../../../lib/api-client';
import { saveEditorDocument } from '../api/editor-document';

export const SAVE_DEBOUNCE_MS = 800;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict';

export function useAutosave(
  resultId: string,
  image: number,
  document: EditorDocument,
  /** The document as loaded: nothing is sent until the user changes it. Null: saving is off. */
  loaded: EditorDocumentResponse | null,
): SaveStatus {
  const [sent, setSent] = useState<{
    document: EditorDocument;
    status: 'saving' | 'saved' | 'failed';
  } | null>(null);
  const [conflict, setConflict] = useState(false);
  const pending = useRef<((options?: { keepalive: boolean }) => void) | null>(null);
  /** The last document sent: a change back to it (an undo) needs no save; one away from it does. */
  const lastSent = useRef<EditorDocument | null>(null);
  /** The version the next save is made from: the one loaded, then each save's own. */
  const version = useRef<string | null>(loaded?.savedAt ?? null);
  const stopped = useRef(false);
  /** Saves go one after the other, so a slow earlier one never lands over a newer one. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!loaded || stopped.current) return;
    if (document === (lastSent.current ?? loaded.document)) {
      pending.current = null;
      return;
    }
    const send = ({ keepalive } = { keepalive: false }) => {
      pending.current = null;
      lastSent.current = document;
      setSent({ document, status: 'saving' });
      const save = () =>
        saveEditorDocument(resultId, image, document, { basedOn: version.current, keepalive });
      // A page going away cannot wait its turn behind a save still on its way.
      const request = keepalive ? save() : queue.current.catch(() => undefined).then(save);
      queue.current = request.then(
        (saved) => {
          version.current = saved.savedAt;
          setSent((last) => (last?.document === document ? { document, status: 'saved' } : last));
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
            stopped.current = true;
            pending.current = null;
            setConflict(true);
            return;
          }
          setSent((last) => (last?.document === document ? { document, status: 'failed' } : last));
        },
      );
    };
    const timer = setTimeout(send, SAVE_DEBOUNCE_MS);
    pending.current = send;
    return () => clearTimeout(timer);
  }, [resultId, image, document, loaded]);

  useEffect(() => {
    const leaving = () => pending.current?.({ keepalive: true });
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('pagehide', leaving);
      // Closing the editor (back, dialog closed) with a change not yet sent: send it now.
      pending.current?.();
    };
  }, []);

  if (!loaded) return 'idle';
  if (conflict) return 'conflict';
  if (!sent) return document === loaded.document ? 'idle' : 'pending';
  if (sent.document !== document) return 'pending';
  return sent.status;
}
