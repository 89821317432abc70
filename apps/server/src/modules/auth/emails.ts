/**
 * The account e-mails (verification, password reset) in the reader's language, and the sign-in alert in
 * both, as text and HTML.
 */
import { escapeHtml } from '../../lib/html';
import { translate, type MessageKey } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import type { MailMessage } from '../mail/mailer';

type Template = {
  subject: MessageKey;
  intro: MessageKey;
  button: MessageKey;
  /** The small print under the button (how long the link lasts, or advice). */
  expiry: MessageKey;
  hours?: number;
  /** Whether to add "if you did not ask for this, ignore it" (true unless said otherwise). */
  ignorable?: boolean;
};

type Part = { subject: string; text: string; html: string };

/** Letters, marks, spaces, hyphens and apostrophes: a name, and nothing a mail reader turns into a link. */
const PLAIN_NAME = /^[\p{L}\p{M}'’-]+(?: [\p{L}\p{M}'’-]+)*$/u;
export const STRANGER_NAME_MAX = 40;

/**
 * The name to greet an account's owner with. Until the address is confirmed, the name was typed by
 * whoever signed up, perhaps not the owner (docs/decisions/036): it is used only when it is plainly a
 * name of at most 40 characters, with no URL, address or other text a mail reader could make a link
 * of; otherwise the greeting has no name.
 */
export function nameFor(user: { name: string; emailVerified: boolean }): string {
  if (user.emailVerified) return user.name;
  const name = user.name.replace(/\s+/g, ' ').trim();
  return name.length <= STRANGER_NAME_MAX && PLAIN_NAME.test(name) ? name : '';
}

function part(lang: Lang, name: string, url: string, template: Template): Part {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const greeting = name ? t('mail.greeting', { name }) : t('mail.greetingNoName');
  const expiry = t(template.expiry, { hours: template.hours ?? 1 });
  const ignorable = template.ignorable ?? true;
  const text = [
    greeting,
    '',
    t(template.intro),
    '',
    // French puts a non-breaking space before a colon, English none.
    `${t(template.button)}${lang === 'fr' ? '\u00a0' : ''}: ${url}`,
    '',
    expiry,
    ...(ignorable ? [t('mail.ignore')] : []),
    '',
    t('mail.signature'),
  ].join('\n');
  const html = `<tr><td lang="${lang}">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(t(template.intro))}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t(template.button))}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4a5172">${escapeHtml(expiry)}</p>
${ignorable ? `<p style="margin:0 0 24px;font-size:13px;color:#4a5172">${escapeHtml(t('mail.ignore'))}</p>\n` : ''}<p style="margin:0;font-size:13px;color:#4a5172;word-break:break-all">${escapeHtml(url)}</p>
<p style="margin:24px 0 0">${escapeHtml(t('mail.signature'))}</p>
</td></tr>`;
  return { subject: t(template.subject), text, html };
}

function message(lang: Lang, to: string, parts: Part[]): MailMessage {
  const html = `<!doctype html>
<html lang="${lang}"><body style="margin:0;padding:24px;background:#f6f7fb;font-family:Arial,Helvetica,sans-serif;color:#141833">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#4338ca;margin:0 0 24px">Vitrine</p></td></tr>
${parts.map((p) => p.html).join('\n<tr><td><hr style="border:0;border-top:1px solid #e3e6f0;margin:24px 0"></td></tr>\n')}
</table></body></html>`;
  return {
    to,
    subject: parts.map((p) => p.subject).join(' / '),
    text: parts.map((p) => p.text).join('\n\n——\n\n'),
    html,
  };
}

function compose(lang: Lang, to: string, name: string, url: string, template: Template): MailMessage {
  return message(lang, to, [part(lang, name, url, template)]);
}

export function verificationEmail(
  lang: Lang,
  to: string,
  name: string,
  url: string,
  hours: number,
): MailMessage {
  return compose(lang, to, name, url, {
    subject: 'mail.verifySubject',
    intro: 'mail.verifyIntro',
    button: 'mail.verifyButton',
    expiry: 'mail.verifyExpiry',
    hours,
  });
}

export function resetPasswordEmail(lang: Lang, to: string, name: string, url: string): MailMessage {
  return compose(lang, to, name, url, {
    subject: 'mail.resetSubject',
    intro: 'mail.resetIntro',
    button: 'mail.resetButton',
    expiry: 'mail.resetExpiry',
  });
}

/**
 * Answers a sign-up with an address that already has an account, confirmed or not: the owner learns
 * that no new account was made and how to get into the one they have. The page says the same to
 * everyone.
 */
export function existingAccountEmail(lang: Lang, to: string, name: string, url: string): MailMessage {
  return compose(lang, to, name, url, {
    subject: 'mail.existingSubject',
    intro: 'mail.existingIntro',
    button: 'mail.existingButton',
    expiry: 'mail.existingAdvice',
  });
}

/**
 * Tells the owner that many addresses failed to sign in to the account (sign-in-guard.ts). Nothing
 * says which language they read, so the message is in French, then English.
 */
export function signInAlertEmail(to: string, name: string, url: string): MailMessage {
  const template: Template = {
    subject: 'mail.signInAlertSubject',
    intro: 'mail.signInAlertIntro',
    button: 'mail.signInAlertButton',
    expiry: 'mail.signInAlertAdvice',
    ignorable: false,
  };
  return message('fr', to, [part('fr', name, url, template), part('en', name, url, template)]);
}
