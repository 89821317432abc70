/**
 * Saves the document after each change, debounced, so reopening from History restores every layer.
 * A save still pending when the editor closes is sent at once, and so is one pending or waiting its
 * turn when the page goes (reload, tab closed, another site): every save is sent with keepalive, so
 * it outlives the page.
 *
 * Each save has a version this client picks and names the one it was made from. When the image was
 * saved meanwhile elsewhere (another tab, another device), the server refuses the save and saving stops
 * here with 'conflict', so that neither place's work silently replaces the other's; the user then loads
 * the latest version. Picking versions here lets a save sent as the page goes name one still on its way;
 * it also names the version that one was made from, so that it is stored whichever arrives first, and
 * the earlier one, refused for arriving after it, is not taken for another place's save. A save whose
 * answer never came back (the network failed) may or may not have been stored: the next save names it
 * as well as the last version known stored, so it is not refused as made elsewhere either way.
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorDocument, EditorDocumentResponse } from '@vitrine/shared/api/editor';
import { ApiError } from '../../../lib/api-client';
import { uuid } from '../../../lib/uuid';
import { saveEditorDocument } from '../api/editor-document';

export const SAVE_DEBOUNCE_MS = 800;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict';

/** A save waiting for the one before it to be answered; `run` starts it now (once). */
type Waiting = { run: () => void };

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
  /** The change not sent yet (debounced); called with `now` it skips the line of saves. */
  const pending = useRef<((options?: { now: boolean }) => void) | null>(null);
  const waiting = useRef<Waiting | null>(null);
  /** The last document sent: a change back to it (an undo) needs no save; one away from it does. */
  const lastSent = useRef<EditorDocument | null>(null);
  /** The version of the last save started (or the one loaded): the next save is made from it. */
  const version = useRef<string | null>(loaded?.version ?? null);
  /** Saves are numbered; one overtaken by a later save (sent as the page went) is not sent. */
  const count = useRef(0);
  const latestStarted = useRef(0);
  const stopped = useRef(false);
  /** Saves go one after the other, so a slow earlier one never lands over a newer one. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** The saves on their way: each one's version, and the version it was made from. */
  const onTheirWay = useRef(new Map<string, string | null>());
  /** The last save started, and whether the server stored it. */
  const lastStarted = useRef<{ number: number; stored: Promise<boolean> } | null>(null);
  /** The latest save whose answer was lost (it may be stored), since a later save was answered. */
  const unanswered = useRef<{ version: string; number: number } | null>(null);

  useEffect(() => {
    if (!loaded || stopped.current) return;
    if (document === (lastSent.current ?? loaded.document)) {
      pending.current = null;
      return;
    }
    const send = ({ now } = { now: false }) => {
      pending.current = null;
      lastSent.current = document;
      setSent({ document, status: 'saving' });
      const number = ++count.current;
      const mine = uuid();
      let started: Promise<void> | null = null;
      const run = (): Promise<void> => {
        if (started) return started;
        if (waiting.current?.run === run) waiting.current = null;
        if (stopped.current || number < latestStarted.current) return (started = Promise.resolve());
        latestStarted.current = number;
        const basedOn = version.current;
        version.current = mine;
        // Made from a save still on its way (sent as the page goes): stored too if that one is not yet.
        // Else, made from the last version known stored: stored too if the server holds a save whose
        // answer was lost.
        const before = basedOn === null ? undefined : onTheirWay.current.get(basedOn);
        const orFrom = before !== undefined ? before : unanswered.current?.version;
        onTheirWay.current.set(mine, basedOn);
        const request = saveEditorDocument(resultId, image, document, { basedOn, orFrom, version: mine });
        const stored = request.then(
          () => true,
          () => false,
        );
        lastStarted.current = { number, stored };
        void stored.then(() => onTheirWay.current.delete(mine));
        started = request.then(
          () => {
            // Stored: a save started before it whose answer was lost is behind it now.
            if (unanswered.current && unanswered.current.number < number) unanswered.current = null;
            setSent((last) => (last?.document === document ? { document, status: 'saved' } : last));
          },
          async (error: unknown) => {
            const later = lastStarted.current;
            // Overtaken by this page's own next save, which was stored: nothing was lost.
            if (later && later.number > number && (await later.stored)) return;
            if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
              stopped.current = true;
              pending.current = null;
              waiting.current = null;
              setConflict(true);
              return;
            }
            // Not stored (or not known to be): the next save is made from the version before this one,
            // the last known stored. When a save chained to this one failed too, it went first (this
            // handler waited for it above) and put back this save's version, which this line then
            // takes back one step further.
            if (version.current === mine) version.current = basedOn;
            // No answer from the server (the connection failed, or a proxy gave up waiting): it may
            // hold this save, so the next one names it (the latest such save, if several).
            const lost =
              error instanceof ApiError &&
              (error.code === 'NETWORK_ERROR' || error.status === 502 || error.status === 504);
            if (lost && (!unanswered.current || unanswered.current.number < number))
              unanswered.current = { version: mine, number };
            setSent((last) => (last?.document === document ? { document, status: 'failed' } : last));
          },
        );
        return started;
      };
      if (now) void run();
      else {
        waiting.current = { run };
        queue.current = queue.current.then(run);
      }
    };
    const timer = setTimeout(send, SAVE_DEBOUNCE_MS);
    pending.current = send;
    return () => clearTimeout(timer);
  }, [resultId, image, document, loaded]);

  useEffect(() => {
    // The page is going: what is not on its way yet goes now.
    const leaving = () => {
      if (pending.current) pending.current({ now: true });
      else waiting.current?.run();
    };
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
