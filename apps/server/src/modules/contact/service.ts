/**
 * What the contact form does (routes.ts): a message is stored, then e-mailed to CONTACT_EMAIL with
 * Reply-To the sender; if the e-mail cannot be sent it stays stored (mailed_at empty), so nothing
 * written is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Lang } from '@vitrine/shared/locale';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { clientBucket } from '../rate-limit/client-address';
import { hit, type Limit } from '../rate-limit/limiter';
import { contactEmail, type ContactMessage } from './email';
import * as messages from './repository';

/** A person writes a few messages at most; a robot writes many. Scaled by RATE_LIMIT_MULTIPLIER. */
export const CONTACT_LIMITS = {
  email: { max: 5, windowSeconds: 3600 },
  ip: { max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Counts the message against its sender's address and its e-mail address; 429 past either limit. */
export async function limitContact(
  database: Database,
  { ip, email, multiplier }: { ip: string; email: string; multiplier: number },
): Promise<void> {
  const scaled = (limit: Limit) => ({ ...limit, max: limit.max * multiplier });
  await hit(
    database,
    `contact:ip:${clientBucket(ip)}`,
    scaled(CONTACT_LIMITS.ip),
    'errors.CONTACT_RATE_LIMITED',
  );
  await hit(database, `contact:email:${email}`, scaled(CONTACT_LIMITS.email), 'errors.CONTACT_RATE_LIMITED');
}

export type ContactDeps = { database: Database; mailer: Mailer; to: string; log: FastifyBaseLogger };

/** Stores the message, then mails it; a message that cannot be mailed stays stored, unmailed. */
export async function receiveMessage(
  deps: ContactDeps,
  message: Omit<ContactMessage, 'lang'>,
  from: { lang: Lang; userId: string | null },
): Promise<void> {
  const id = await messages.insert(deps.database, { ...message, ...from });
  try {
    await deps.mailer.send(contactEmail(deps.to, { ...message, lang: from.lang }));
    await messages.markMailed(deps.database, id);
  } catch (error) {
    deps.log.error({ err: error, contactMessage: id }, 'contact message stored but not e-mailed');
  }
}
