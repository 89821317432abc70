/** The dev mailbox pages: the list of messages in the outbox and one message with its links. */
import { escapeHtml, formatDate, page } from './mailbox-html';
import { splitLinks } from './links';
import type { DevMailboxMessage } from '@vitrine/shared/api/dev-mailbox';
import { OUTBOX_LIST_LIMIT, type OutboxEntry } from './outbox';

// A developer tool, so English only; every visible string lives here.
const STRINGS = {
  title: 'Dev mailbox',
  intro: `E-mails the app would have sent, newest first (the last ${OUTBOX_LIST_LIMIT}). Set SMTP_URL to deliver them for real.`,
  empty: 'No e-mail yet.',
  date: 'Date',
  from: 'From',
  to: 'To',
  replyTo: 'Reply-To',
  subject: 'Subject',
  messageId: 'Message-ID',
  noSubject: '(no subject)',
  back: '← All messages',
  download: 'Download .eml',
  links: 'Links',
  text: 'Text part',
  html: 'HTML part',
  htmlFrame: 'HTML part of the message, without scripts',
} as const;

const messageUrl = (id: string) => `/dev/mailbox/${encodeURIComponent(id)}`;

function row({ id, date, to, subject }: DevMailboxMessage): string {
  return `<tr><td class="nowrap">${escapeHtml(formatDate(date))}</td><td>${escapeHtml(to)}</td>
<td><a href="${escapeHtml(messageUrl(id))}">${escapeHtml(subject || STRINGS.noSubject)}</a></td></tr>`;
}

export function renderMailboxList(messages: DevMailboxMessage[]): string {
  const table = messages.length
    ? `<table class="list"><thead><tr><th>${STRINGS.date}</th><th>${STRINGS.to}</th><th>${STRINGS.subject}</th></tr></thead>
<tbody>${messages.map(row).join('\n')}</tbody></table>`
    : `<p class="muted">${STRINGS.empty}</p>`;
  return page(STRINGS.title, `<h1>${STRINGS.title}</h1>\n<p class="muted">${STRINGS.intro}</p>\n${table}`);
}

function linkify(text: string): string {
  return splitLinks(text)
    .map((part) =>
      part.link ? `<a href="${escapeHtml(part.text)}">${escapeHtml(part.text)}</a>` : escapeHtml(part.text),
    )
    .join('');
}

export function renderMailboxMessage(id: string, message: OutboxEntry): string {
  const subject = message.subject || STRINGS.noSubject;
  const headers: [string, string][] = [
    [STRINGS.from, message.from],
    [STRINGS.to, message.to],
    ...(message.replyTo ? [[STRINGS.replyTo, message.replyTo] as [string, string]] : []),
    [STRINGS.date, formatDate(message.date)],
    [STRINGS.messageId, message.messageId],
  ];
  const links = message.links.map((link) => `<li>${linkify(link)}</li>`).join('');
  return page(
    `${subject} · ${STRINGS.title}`,
    `<p><a href="/dev/mailbox">${STRINGS.back}</a> · <a href="${escapeHtml(messageUrl(id))}.eml">${STRINGS.download}</a></p>
<h1>${escapeHtml(subject)}</h1>
<table>${headers.map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
${links ? `<h2>${STRINGS.links}</h2><ul>${links}</ul>` : ''}
<h2>${STRINGS.text}</h2>
<pre>${linkify(message.text)}</pre>
<h2>${STRINGS.html}</h2>
<iframe sandbox srcdoc="${escapeHtml(message.html)}" title="${STRINGS.htmlFrame}"></iframe>`,
  );
}
