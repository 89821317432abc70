/**
 * Delivery for a laptop with no mail server: each message is composed as a real RFC 5322 message and
 * kept in the outbox (the dev mailbox shows it, links included), and one log line says it is there. The
 * line carries no link: reset and verification links are credentials, and logs are kept and shipped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { findLinks } from './links';
import type { MailTransport } from './delivery-health';
import type { MailLogger } from './mailer';
import { outboxId, type OutboxEntry } from './outbox';

export function createOutboxMailer(dir: string, from: string, logger: MailLogger): MailTransport {
  // CRLF line ends: the .eml is what an SMTP server would have received, byte for byte.
  const composer = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from },
  );
  const nextDate = monotonicClock();
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, replyTo }) {
      const date = nextDate();
      const { message, messageId } = await composer.sendMail({
        to,
        subject,
        text,
        html,
        date,
        ...(replyTo && { replyTo }),
      });
      if (!Buffer.isBuffer(message)) throw new Error('the outbox composer did not return a buffer');
      const id = outboxId(date, crypto.randomBytes(8).toString('hex'));
      const links = findLinks(text);
      const entry: OutboxEntry = {
        from,
        to,
        ...(replyTo && { replyTo }),
        subject,
        date: date.toISOString(),
        messageId,
        text,
        html,
        links,
      };
      await fs.mkdir(dir, { recursive: true });
      // The sidecar goes last: the mailbox lists sidecars, so it never shows a message without its .eml.
      await writeAtomically(path.join(dir, `${id}.eml`), message);
      await writeAtomically(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
      logger.info({ to, subject, file: `${id}.eml` }, 'mail saved to the outbox (read it at /dev/mailbox)');
      return { messageId };
    },
    // Delivering is writing a file in the outbox.
    async probe() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
    close() {
      composer.close();
    },
  };
}

/**
 * File names sort by their timestamp, so a message in the same millisecond as the previous one takes
 * the next millisecond and the listing stays newest first. The random part of the name still keeps
 * two processes (API and worker) writing in the same millisecond apart.
 */
function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

// A reader never sees half a file: it is written under a hidden temporary name, then renamed.
async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}
