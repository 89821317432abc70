/** Delivery through a real SMTP server. Failures reject: the caller decides whether to retry or report. */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: a dead mail server should fail a request in seconds, not minutes.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, replyTo }) {
      const info = await transport.sendMail({ to, subject, text, html, ...(replyTo && { replyTo }) });
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
