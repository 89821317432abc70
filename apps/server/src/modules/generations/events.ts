/**
 * Live generation updates (spec section 4, "Realtime"): a database trigger NOTIFYs every change of
 * background_generations, so they reach this process whichever process (API or worker) made them. One
 * LISTEN per process is fanned out to the open event streams of each user (event-stream.ts).
 */
import type { GenerationEvent } from '@vitrine/shared/api/generations';
import type { Database } from '../../db/client';
import { GENERATION_CHANNEL } from './channel';
import { findView, listChangedSince, typicalSeconds, type GenerationView } from './repository';
import { toActive } from './views';

/** How far back a reconnecting client may catch up on changes it missed. */
const CATCH_UP_MS = 10 * 60_000;
/** Generations whose last change sent is remembered, to hold back an older one read late. */
const REMEMBERED = 5_000;

type Listener = (event: GenerationEvent) => void;

async function eventsOf(database: Database, rows: Promise<GenerationView[]>): Promise<GenerationEvent[]> {
  const [views, typical] = await Promise.all([rows, typicalSeconds(database)]);
  return views.map((row) => ({ ...toActive(row, typical), resultId: row.resultId ?? null }));
}

/** One LISTEN per process, fanned out to the open streams of each user. */
export function createGenerationEvents(database: Database) {
  const byUser = new Map<string, Set<Listener>>();
  let unlisten: Promise<() => Promise<void>> | undefined;
  /**
   * When each generation's change last sent was made. Each notification reads the row on its own, and
   * two reads may end in the other order (progress 95, read slowly, after "completed"): a change older
   * than one already sent is not sent, or the dashboard would show a finished generation running again.
   */
  const lastSent = new Map<string, number>();
  const isNewest = (event: GenerationEvent) => {
    const at = new Date(event.updatedAt).getTime();
    const sent = lastSent.get(event.id);
    if (sent !== undefined && at < sent) return false;
    lastSent.delete(event.id);
    lastSent.set(event.id, at);
    // The oldest remembered go first (a Map keeps its insertion order).
    if (lastSent.size > REMEMBERED) lastSent.delete(lastSent.keys().next().value!);
    return true;
  };

  const onPayload = (payload: string) => {
    let note: { id?: string; user_id?: string };
    try {
      note = JSON.parse(payload) as typeof note;
    } catch {
      return;
    }
    const listeners = note.user_id ? byUser.get(note.user_id) : undefined;
    if (!listeners?.size || !note.id) return;
    const found = findView(database, note.id).then((row) => (row ? [row] : []));
    void eventsOf(database, found)
      .then(([event]) => {
        if (event && isNewest(event)) for (const listener of listeners) listener(event);
      })
      .catch(() => {});
  };

  return {
    async subscribe(userId: string, listener: Listener): Promise<() => void> {
      unlisten ??= database.listen(GENERATION_CHANNEL, onPayload);
      await unlisten;
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    async close() {
      byUser.clear();
      if (unlisten) await (await unlisten)().catch(() => {});
    },
    /** Changes of the user's generations after `since` (a reconnecting client's Last-Event-ID). */
    missedSince(userId: string, since: number) {
      const from = new Date(Math.max(since, Date.now() - CATCH_UP_MS)).toISOString();
      return eventsOf(database, listChangedSince(database, userId, from));
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;
