/**
 * Contact-form messages: those older than 12 months are deleted (as the privacy policy
 * says), and those whose e-mail to CONTACT_EMAIL failed are sent again, a bounded number per run.
 */
import { isLang } from '@vitrine/shared/locale';
import { contactEmail } from '../../modules/contact/email';
import * as messages from '../../modules/contact/repository';
import type { JobContext } from '../job';

export const CONTACT_RETENTION_INTERVAL = '12 months';
/** Messages retried per run; older than a few minutes (the API may still be sending), at most a week old. */
export const CONTACT_RETRY_BATCH = 20;

export async function handleContactMessages(
  { database, contact, logger }: Pick<JobContext, 'database' | 'contact' | 'logger'>,
  now: string,
) {
  const deleted = await messages.deleteOlderThan(database, now, CONTACT_RETENTION_INTERVAL);
  let resent = 0;
  let failed = 0;
  if (contact) {
    const pending = await messages.listUnmailed(database, now, CONTACT_RETRY_BATCH);
    for (const row of pending) {
      try {
        await contact.mailer.send(
          contactEmail(contact.to, { ...row, lang: isLang(row.lang) ? row.lang : 'fr' }),
        );
        await messages.markMailed(database, row.id);
        resent++;
      } catch (error) {
        failed++;
        logger.error({ err: error, contactMessage: row.id }, 'contact message still not e-mailed');
      }
    }
  }
  return { deleted, resent, failed };
}
