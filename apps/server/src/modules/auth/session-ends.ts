/**
 * Sessions this process has just ended (sign-out, password reset), announced to whatever holds something
 * open on them (the live event streams), so it need not wait for its next periodic check.
 */
export type SessionEnd = { sessionId: string } | { userId: string };
type Listener = (end: SessionEnd) => void;

export function createSessionEnds() {
  const listeners = new Set<Listener>();
  return {
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(end: SessionEnd): void {
      for (const listener of listeners) listener(end);
    },
  };
}

export type SessionEnds = ReturnType<typeof createSessionEnds>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sessionEnds: SessionEnds;
  }
}
