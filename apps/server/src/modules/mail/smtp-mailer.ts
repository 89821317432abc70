/** Delivery through a real SMTP server. Failures reject: the caller decides whether to retry or report. */
import nodemailer from 'nodemailer';
import type { MailTransport } from './delivery-health';

/** The health check's own limits: it must answer within the status page's 6 seconds. */
const PROBE_TIMEOUT_MS = 4000;

export function createSmtpMailer(smtpUrl: string, from: string): MailTransport {
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
    // Connects, gets the greeting and answers it (and logs in when SMTP_URL has credentials), then quits.
    async probe() {
      const probe = nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: PROBE_TIMEOUT_MS,
        greetingTimeout: PROBE_TIMEOUT_MS,
        socketTimeout: PROBE_TIMEOUT_MS,
      });
      try {
        await probe.verify();
      } finally {
        probe.close();
      }
    },
    close() {
      transport.close();
    },
  };
}
