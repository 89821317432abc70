/** Once a day, old contact messages go and unsent ones are e-mailed again (handlers/contact-messages.ts). */
import { z } from 'zod';
import { handleContactMessages } from '../handlers/contact-messages';
import type { JobDefinition } from '../job';

export const contactMessages: JobDefinition<{ now?: string }> = {
  name: 'contact-messages',
  version: 1,
  payload: z.object({ now: z.iso.datetime().optional() }),
  schedule: '37 3 * * *',
  handle: (context, payload) => handleContactMessages(context, payload.now ?? new Date().toISOString()),
};
