/**
 * `GET /api/events` (spec section 4, "Realtime"): a server-sent event stream of the signed-in user's
 * generation changes (events.ts). On (re)connection the client first gets a `snapshot` of its active
 * generations and the changes it missed since Last-Event-ID.
 *
 * A stream lives only as long as its session: it checks the session every EVENT_STREAM_RECHECK_MS, and at
 * once when this process ends a session (sign-out, password reset), and ends when it is no longer valid.
 * Streams are counted per user and per process; one past either cap is refused with 429.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationEvent } from '@vitrine/shared/api/generations';
import { AppError } from '../../http/app-error';
import { requestHeaders } from '../../http/web-request';
import type { CurrentSession } from '../auth/session';
import {
  EVENT_STREAMS_PER_USER,
  EVENT_STREAMS_TOTAL,
  EVENT_STREAM_RECHECK_MS,
} from '../rate-limit/usage-limits';
import type { GenerationEvents } from './events';
import { activeGenerations } from './service';

const HEARTBEAT_MS = 20_000;

function write(reply: FastifyReply, event: string, data: unknown, id?: string) {
  reply.raw.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const eventId = (event: GenerationEvent) => String(new Date(event.updatedAt).getTime());

export type EventStreamOptions = {
  /** How often an open stream checks its session; EVENT_STREAM_RECHECK_MS by default. */
  recheckMs?: number | undefined;
  perUser?: number;
  total?: number;
};

/** The event streams this process holds open, and how to open one more. */
export function createEventStreams(
  app: FastifyInstance,
  events: GenerationEvents,
  {
    recheckMs = EVENT_STREAM_RECHECK_MS,
    perUser = EVENT_STREAMS_PER_USER,
    total = EVENT_STREAMS_TOTAL,
  }: EventStreamOptions = {},
) {
  const open = new Set<FastifyReply>();
  const openByUser = new Map<string, number>();
  app.addHook('preClose', (done) => {
    for (const reply of open) reply.raw.end();
    done();
  });

  /** Whether the stream's session is still valid; read passively (no sliding refresh). */
  const stillSignedIn = async (request: FastifyRequest, sessionId: string) => {
    try {
      const found = await app.deps.auth.api.getSession({
        headers: requestHeaders(request),
        query: { disableRefresh: true },
      });
      return found?.session.id === sessionId;
    } catch {
      // A database hiccup is not a sign-out: the next check decides.
      return true;
    }
  };

  /** Takes a place for the user's new stream, or refuses it (429) past either cap. */
  function admit(userId: string) {
    const mine = openByUser.get(userId) ?? 0;
    if (mine >= perUser)
      throw new AppError('RATE_LIMITED', {
        messageKey: 'generations.tooManyStreams',
        params: { max: perUser },
        retryAfterSeconds: 30,
      });
    if (open.size >= total)
      throw new AppError('RATE_LIMITED', { messageKey: 'generations.streamsBusy', retryAfterSeconds: 30 });
    openByUser.set(userId, mine + 1);
  }

  function release(userId: string, reply: FastifyReply) {
    open.delete(reply);
    const left = (openByUser.get(userId) ?? 1) - 1;
    if (left > 0) openByUser.set(userId, left);
    else openByUser.delete(userId);
  }

  /**
   * Serves the stream of the session's user. Its place is counted before anything is awaited, so
   * parallel connections cannot all slip under a cap.
   */
  async function serve(request: FastifyRequest, reply: FastifyReply, { user, session }: CurrentSession) {
    admit(user.id);
    const lastEventId = Number(request.headers['last-event-id']);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    open.add(reply);
    let closed = false;
    const queue: GenerationEvent[] = [];
    let ready = false;
    const send = (event: GenerationEvent) => {
      if (closed) return;
      if (!ready) queue.push(event);
      else write(reply, 'generation', event, eventId(event));
    };
    let unsubscribe = () => {};
    let stopListening = () => {};
    const timers: NodeJS.Timeout[] = [];
    const close = () => {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearInterval(timer);
      unsubscribe();
      stopListening();
      release(user.id, reply);
    };
    request.raw.on('close', close);
    reply.raw.on('close', close);
    reply.raw.on('error', close);
    // Gone while its session was read: its place is given back at once.
    if (reply.raw.destroyed || request.raw.socket?.destroyed) close();
    let checking = false;
    let again = false;
    const check = async (): Promise<void> => {
      if (closed) return;
      // A sign-out during a check that began before it is checked once more.
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      const valid = await stillSignedIn(request, session.id);
      checking = false;
      if (!valid && !closed) {
        close();
        reply.raw.end();
      } else if (again) {
        again = false;
        await check();
      }
    };
    if (closed) return;
    timers.push(setInterval(() => void check(), recheckMs));
    stopListening = app.sessionEnds.on((end) => {
      if ('sessionId' in end ? end.sessionId === session.id : end.userId === user.id) void check();
    });
    const unsubscribeNow = await events.subscribe(user.id, send);
    if (closed) return unsubscribeNow();
    unsubscribe = unsubscribeNow;
    timers.push(setInterval(() => write(reply, 'ping', { at: new Date().toISOString() }), HEARTBEAT_MS));
    reply.raw.write('retry: 3000\n\n');
    write(reply, 'snapshot', await activeGenerations(app.deps.database, user.id));
    if (Number.isFinite(lastEventId) && lastEventId > 0) {
      for (const event of await events.missedSince(user.id, lastEventId)) {
        write(reply, 'generation', event, eventId(event));
      }
    }
    ready = true;
    for (const event of queue.splice(0)) write(reply, 'generation', event, eventId(event));
  }

  return { serve };
}
