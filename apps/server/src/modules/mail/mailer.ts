/** The e-mail adapter: SMTP when SMTP_URL is set, otherwise the local outbox that the dev mailbox reads. */
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { withDeliveryHealth } from './delivery-health';
import { createOutboxMailer } from './outbox-mailer';
import { outboxDir } from './outbox';
import { createSmtpMailer } from './smtp-mailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the contact form's sender), when not to the sender address. */
  replyTo?: string;
};

export type Mailer = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Whether mail can be delivered now, checked at most every 5 minutes (delivery-health.ts). */
  deliverable(): Promise<boolean>;
  close(): void;
};

// Only `info` is used, so Fastify's logger fits as well as a pino one.
export type MailLogger = Pick<Logger, 'info'>;

export function createMailer(config: Config, logger: MailLogger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) return withDeliveryHealth(createSmtpMailer(smtpUrl, from));
  return withDeliveryHealth(createOutboxMailer(outboxDir(config.dataDir), from, logger));
}
