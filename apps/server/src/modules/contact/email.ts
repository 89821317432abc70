/** The e-mail that brings a contact-form message to the team, labelled in the sender's language. */
import { escapeHtml } from '../../lib/html';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import type { MailMessage } from '../mail/mailer';

export type ContactMessage = { name: string; email: string; subject: string; message: string; lang: Lang };

export function contactEmail(to: string, contact: ContactMessage): MailMessage {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(contact.lang, key, params);
  const fields: [string, string][] = [
    [t('mail.contactName'), contact.name],
    [t('mail.contactEmail'), contact.email],
    [t('mail.contactSubjectLabel'), contact.subject],
    [t('mail.contactLanguage'), contact.lang],
  ];
  const reply = t('mail.contactReply', { name: contact.name });
  // French typography: a no-break space before the colon.
  const colon = contact.lang === 'fr' ? '\u00a0: ' : ': ';
  const text = [
    t('mail.contactIntro'),
    '',
    ...fields.map(([label, value]) => `${label}${colon}${value}`),
    '',
    contact.message,
    '',
    '--',
    reply,
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#4a5172;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${contact.lang}"><body style="margin:0;padding:24px;background:#f6f7fb;font-family:Arial,Helvetica,sans-serif;color:#141833">
<table role="presentation" width="100%" style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#4338ca;margin:0 0 16px">Vitrine</p>
<p style="margin:0 0 16px">${escapeHtml(t('mail.contactIntro'))}</p>
<table role="presentation" style="margin:0 0 16px;font-size:14px">${rows}</table>
<p style="margin:0 0 24px;white-space:pre-wrap">${escapeHtml(contact.message)}</p>
<p style="margin:0;font-size:13px;color:#4a5172">${escapeHtml(reply)}</p>
</td></tr></table></body></html>`;
  return {
    to,
    replyTo: contact.email,
    subject: t('mail.contactSubject', { subject: contact.subject }),
    text,
    html,
  };
}
