/**
 * The dev mailbox, served only while mail goes to the outbox and the site's address is local, and then
 * only to clients on this machine: pages to read what the app sent, the raw .eml, and a JSON list that
 * tests use to find verification links.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { DevMailboxResponse } from '@vitrine/shared/api/dev-mailbox';
import { AppError } from '../../http/app-error';
import type { Mailer } from './mailer';
import { renderMailboxList, renderMailboxMessage } from './mailbox-pages';
import { listOutbox, outboxDir, readOutboxEml, readOutboxEntry } from './outbox';

const EML_SUFFIX = '.eml';

function html(reply: FastifyReply, body: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** A client on this machine: the socket's own address, whatever a forwarded header may claim. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The names a local request may use: the configured one and the loopback names. Any other Host header
 * on a loopback connection is a page on another site whose name was pointed at this machine (DNS
 * rebinding), reading the mailbox through the visitor's browser.
 */
export function isMailboxHost(host: string | undefined, publicUrl: string): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hostname === new URL(publicUrl).hostname.toLowerCase() || isLocalName(hostname);
}

export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const dir = outboxDir(app.deps.config.dataDir);
  const { publicUrl } = app.deps.config;

  // With HOST=0.0.0.0 other machines can connect: the mailbox answers only this machine, by its names.
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isMailboxHost(request.headers.host, publicUrl))
      throw new AppError('NOT_FOUND');
  });

  app.get('/api/dev/mailbox', async (_request, reply): Promise<DevMailboxResponse> => {
    reply.header('cache-control', 'no-store');
    return { messages: await listOutbox(dir) };
  });

  app.get('/dev/mailbox', async (_request, reply) => html(reply, renderMailboxList(await listOutbox(dir))));

  app.get<{ Params: { file: string } }>('/dev/mailbox/:file', async (request, reply) => {
    const { file } = request.params;
    if (file.endsWith(EML_SUFFIX)) {
      const id = file.slice(0, -EML_SUFFIX.length);
      const raw = await readOutboxEml(dir, id);
      if (!raw) throw new AppError('NOT_FOUND');
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${id}.eml"`)
        .type('message/rfc822')
        .send(raw);
    }
    const message = await readOutboxEntry(dir, file);
    if (!message) throw new AppError('NOT_FOUND');
    return html(reply, renderMailboxMessage(file, message));
  });
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
function isLocalName(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}
const isLocal = (url: string) => isLocalName(new URL(url).hostname);

/** Registers the mailbox when mail goes to the outbox on a local address; otherwise these paths do not exist. */
export async function registerMailbox(app: FastifyInstance, mailer: Mailer): Promise<void> {
  if (mailer.kind !== 'outbox') return;
  // The mailbox shows every verification and reset link to whoever opens it: fine on a laptop, never on
  // a public address, where it is not served at all.
  const { publicUrl } = app.deps.config;
  if (!isLocal(publicUrl)) {
    app.log.warn(
      { publicUrl },
      'no SMTP_URL: e-mails are only written to DATA_DIR/mail; set SMTP_URL to deliver them',
    );
    return;
  }
  await app.register(mailboxRoutes);
}
