/**
 * What better-auth keeps of a session, changed at its database adapter in two ways:
 *
 * - a session row holds the SHA-256 of its token, never the token: the cookie carries the token, so a
 *   copy of the database (a backup, a dump) opens no session. Every lookup by token hashes the token it
 *   was given, and answers with that token, so better-auth works as before;
 * - a session older than the absolute lifetime (SESSION_MAX_AGE_HOURS) is not found, however active it
 *   was, and is deleted: the idle timeout alone would let a session in steady use live for ever.
 *
 * Verification values (the reset-password link's token) are hashed by better-auth itself with the same
 * function (`storeIdentifier` in auth.ts).
 */
import { createHash } from 'node:crypto';
import type { DBAdapter, DBTransactionAdapter, Where } from '@better-auth/core/db/adapter';

/** The stored form of a token or verification identifier: base64url SHA-256, 43 characters. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const SESSION = 'session';
type Row = Record<string, unknown>;

function hashWhere(where: Where[] | undefined, presented: Map<string, string>): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== 'token') return clause;
    const hash = (token: string) => {
      const hashed = hashToken(token);
      presented.set(hashed, token);
      return hashed;
    };
    if (typeof clause.value === 'string') return { ...clause, value: hash(clause.value) };
    if (Array.isArray(clause.value)) return { ...clause, value: clause.value.map((v) => hash(String(v))) };
    return clause;
  });
}

/** A row read by its token answers with the token it was asked for; any other keeps the hash. */
function restoreToken<T>(row: T, presented: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as Row).token;
  if (typeof token !== 'string' || !presented.has(token)) return row;
  return { ...row, token: presented.get(token) };
}

type Store = Omit<DBTransactionAdapter, never>;

/** A session query with its tokens hashed; any other model's as it is. */
function hashed<D extends { model: string; where?: Where[] }>(data: D): D {
  return data.model === SESSION ? { ...data, where: hashWhere(data.where, new Map()) } : data;
}

export function protectSessions<A extends DBAdapter>(adapter: A, maxAgeSeconds: number): A {
  /** When the session began, or NaN when the row does not say (then it is never trusted). */
  const startOf = (row: unknown): number => {
    const createdAt = (row as Row | null)?.createdAt;
    if (createdAt instanceof Date) return createdAt.getTime();
    return typeof createdAt === 'string' || typeof createdAt === 'number'
      ? new Date(createdAt).getTime()
      : Number.NaN;
  };
  const tooOld = (row: unknown): boolean => {
    const start = startOf(row);
    return Number.isNaN(start) || Date.now() - start > maxAgeSeconds * 1000;
  };

  function wrap<S extends Store>(store: S): S {
    return {
      ...store,
      async create(data) {
        if (data.model !== SESSION || typeof (data.data as Row).token !== 'string') return store.create(data);
        const token = (data.data as Row).token as string;
        const created = await store.create({ ...data, data: { ...data.data, token: hashToken(token) } });
        return { ...(created as Row), token } as unknown as typeof created;
      },
      async findOne(data) {
        if (data.model !== SESSION) return store.findOne(data);
        const presented = new Map<string, string>();
        const where = hashWhere(data.where, presented) ?? [];
        const row = await store.findOne({ ...data, where });
        if (row && tooOld(row)) {
          // Deleted only when its age is known: a row read without its start is refused, not removed.
          if (!Number.isNaN(startOf(row)))
            await store.delete({ model: SESSION, where: [{ field: 'id', value: String((row as Row).id) }] });
          return null;
        }
        return restoreToken(row, presented);
      },
      // Rows listed by anything but their token carry the hash, which is no token: handing one back to
      // delete a session (better-auth's revoke-session and revoke-other-sessions, which Vitrine does not
      // expose) would match nothing. End sessions by user or by id instead, as sign-out-everywhere does.
      async findMany(data) {
        if (data.model !== SESSION) return store.findMany(data);
        const presented = new Map<string, string>();
        const rows = await store.findMany({ ...data, where: hashWhere(data.where, presented) });
        return rows.filter((row) => !tooOld(row)).map((row) => restoreToken(row, presented));
      },
      async update(data) {
        if (data.model !== SESSION) return store.update(data);
        const presented = new Map<string, string>();
        const row = await store.update({ ...data, where: hashWhere(data.where, presented) ?? [] });
        return restoreToken(row, presented);
      },
      updateMany: (data) => store.updateMany(hashed(data)),
      delete: (data) => store.delete(hashed(data)),
      deleteMany: (data) => store.deleteMany(hashed(data)),
      consumeOne: (data) => store.consumeOne(hashed(data)),
      count: (data) => store.count(hashed(data)),
    };
  }

  return {
    ...wrap(adapter),
    transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))),
  };
}
