/**
 * Whether account e-mails can be delivered, for the status page (docs/decisions/036): with a mail
 * server, a connection that gets its greeting (and logs in, when SMTP_URL has credentials); with the
 * outbox, a folder that can be written to. Checked at most every 5 minutes, whoever asks: a mail server
 * is not to be knocked on at every status read.
 */
import type { MailMessage } from './mailer';

export const MAIL_CHECK_EVERY_MS = 5 * 60_000;

/** A delivery adapter before its health is tracked: `probe` rejects when nothing could be delivered. */
export type MailTransport = {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  probe(): Promise<void>;
  close(): void;
};

export function withDeliveryHealth<T extends MailTransport>(
  transport: T,
  { everyMs = MAIL_CHECK_EVERY_MS, now = Date.now }: { everyMs?: number; now?: () => number } = {},
): Omit<T, 'probe'> & { deliverable(): Promise<boolean> } {
  let last: { at: number; ok: Promise<boolean> } | undefined;
  const { probe, ...rest } = transport;
  return {
    ...rest,
    deliverable() {
      // A check under way is shared by every caller, like its answer until the next check is due.
      if (!last || now() - last.at >= everyMs) {
        last = {
          at: now(),
          ok: probe.call(transport).then(
            () => true,
            () => false,
          ),
        };
      }
      return last.ok;
    },
  };
}
