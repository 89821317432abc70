/**
 * The outbox on disk: DATA_DIR/mail/<id>.eml (the real message) beside <id>.json (what the dev mailbox
 * shows). The id is an ISO timestamp with ':' replaced, then random hex, so names sort by time and
 * are safe to use as file names; anything else is refused before it comes near the file system.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { DevMailboxMessage } from '@vitrine/shared/api/dev-mailbox';
import { errorCode } from '../../lib/startup-error';

const ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{16}$/;

// Reading every sidecar of a long-lived outbox on each request would grow without bound.
export const OUTBOX_LIST_LIMIT = 200;

export const outboxEntry = z.object({
  from: z.string(),
  to: z.string(),
  replyTo: z.string().optional(),
  subject: z.string(),
  date: z.iso.datetime(),
  messageId: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
});

export type OutboxEntry = z.infer<typeof outboxEntry>;

export const outboxDir = (dataDir: string) => path.join(dataDir, 'mail');

export function outboxId(date: Date, randomHex: string): string {
  return `${date.toISOString().replaceAll(':', '-')}-${randomHex}`;
}

export function isOutboxId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** The path of one of a message's files, or undefined when the id is not one we could have made. */
export function outboxFile(dir: string, id: string, extension: 'eml' | 'json'): string | undefined {
  return isOutboxId(id) ? path.join(dir, `${id}.${extension}`) : undefined;
}

// A missing file or folder is an empty outbox; any other failure (permissions, I/O) is a real error.
function absentAs<T>(value: T) {
  return (error: unknown): T => {
    if (errorCode(error) === 'ENOENT') return value;
    throw error;
  };
}

export async function readOutboxEntry(dir: string, id: string): Promise<OutboxEntry | undefined> {
  const file = outboxFile(dir, id, 'json');
  if (!file) return undefined;
  const raw = await fs.readFile(file, 'utf8').catch(absentAs(undefined));
  if (raw === undefined) return undefined;
  try {
    const parsed = outboxEntry.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // a sidecar someone edited by hand: the message is skipped, not fatal
  }
}

export async function readOutboxEml(dir: string, id: string): Promise<Buffer | undefined> {
  const file = outboxFile(dir, id, 'eml');
  return file ? fs.readFile(file).catch(absentAs(undefined)) : undefined;
}

/** Newest first. The sidecar is written after the .eml, so a listed message is complete. */
export async function listOutbox(dir: string, limit = OUTBOX_LIST_LIMIT): Promise<DevMailboxMessage[]> {
  const names = await fs.readdir(dir).catch(absentAs<string[]>([]));
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(isOutboxId)
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(ids.map((id) => readOutboxEntry(dir, id)));
  return ids.flatMap((id, i) => {
    const entry = entries[i];
    return entry ? [{ id, to: entry.to, subject: entry.subject, date: entry.date, links: entry.links }] : [];
  });
}
