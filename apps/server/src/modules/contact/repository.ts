/** Every statement on contact_messages. */
import type { Queryable } from '../../db/client';
import type { contactMessages } from '../../db/schema';

type MessageRecord = typeof contactMessages.$inferSelect;

export type NewMessage = Pick<MessageRecord, 'name' | 'email' | 'subject' | 'message' | 'lang' | 'userId'>;

/** Stores a message; answers its id. */
export async function insert(db: Queryable, message: NewMessage): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into contact_messages (name, email, subject, message, lang, user_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [message.name, message.email, message.subject, message.message, message.lang, message.userId],
  );
  return row!.id;
}

export async function markMailed(db: Queryable, id: string): Promise<void> {
  await db.query('update contact_messages set mailed_at = now() where id = $1', [id]);
}

/** Deletes the messages received before `now` (SQL timestamptz) minus `interval`; answers how many. */
export async function deleteOlderThan(db: Queryable, now: string, interval: string): Promise<number> {
  const deleted = await db.query<{ id: string }>(
    `delete from contact_messages where created_at < $1::timestamptz - $2::interval returning id`,
    [now, interval],
  );
  return deleted.length;
}

/**
 * Messages not e-mailed yet, oldest first, at most `limit`: older than a few minutes (the API may
 * still be sending them) and at most a week old at `now`.
 */
export async function listUnmailed(
  db: Queryable,
  now: string,
  limit: number,
): Promise<Pick<MessageRecord, 'id' | 'name' | 'email' | 'subject' | 'message' | 'lang'>[]> {
  return db.query(
    `select id, name, email, subject, message, lang from contact_messages
     where mailed_at is null
       and created_at < $1::timestamptz - interval '5 minutes'
       and created_at > $1::timestamptz - interval '7 days'
     order by created_at limit $2`,
    [now, limit],
  );
}
