/** GET /api/dev/mailbox: the outbox's messages, newest first, for tests that follow verification links. */
import { z } from 'zod';
import { list, text } from '../validation/schema';

export const devMailboxMessage = z.object({
  id: text(),
  to: text(),
  subject: text(),
  date: z.iso.datetime(),
  links: list(text()),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessage>;

export const devMailboxResponse = z.object({ messages: list(devMailboxMessage) });
export type DevMailboxResponse = z.infer<typeof devMailboxResponse>;
