/** GET /api/dev/mailbox: the outbox's messages, newest first, for tests that follow verification links. */
import { z } from 'zod';

export const devMailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.iso.datetime(),
  links: z.array(z.string()),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessage>;

export const devMailboxResponse = z.object({ messages: z.array(devMailboxMessage) });
export type DevMailboxResponse = z.infer<typeof devMailboxResponse>;
