/**
 * Contact-form messages: those older than 12 months are deleted (as the privacy policy
 * says), and those whose e-mail to CONTACT_EMAIL failed are sent again, a bounded number per run.
 */
import { isLang } from '@vitrine/shared/locale';
import { contactEmail } from '../../modules/contact/email';
import type { JobContext } from '../job';

export const CONTACT_RETENTION_INTERVAL = '12 months';
/** Messages retried per run; older than a few minutes (the API may still be sending), at most a week old. */
export const CONTACT_RETRY_BATCH = 20;

export async function handleContactMessages(
  { database, contact, logger }: Pick<JobContext, 'database' | 'contact' | 'logger'>,
  now: string,
) {
  const deleted = await database.query<{ id: string }>(
    `delete from contact_messages where created_at < $1::timestamptz - $2::interval returning id`,
    [now, CONTACT_RETENTION_INTERVAL],
  );
  let resent = 0;
  let failed = 0;
  if (contact) {
    const pending = await database.query<{
      id: string;
      name: string;
      email: string;
      subject: string;
      message: string;
      lang: string;
    }>(
      `select id, name, email, subject, message, lang from contact_messages
         where mailed_at is null
           and created_at < $1::timestamptz - interval '5 minutes'
           and created_at > $1::timestamptz - interval '7 days'
         order by created_at limit $2`,
      [now, CONTACT_RETRY_BATCH],
    );
    for (const row of pending) {
      try {
        await contact.mailer.send(
          contactEmail(contact.to, { ...row, lang: isLang(row.lang) ? row.lang : 'fr' }),
        );
        await database.query('update contact_messages set mailed_at = now() where id = $1', [row.id]);
        resent++;
      } catch (error) {
        failed++;
        logger.error({ err: error, contactMessage: row.id }, 'contact message still not e-mailed');
      }
    }
  }
  return { deleted: deleted.length, resent, failed };
}
