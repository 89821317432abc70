/**
 * The dev mailbox, served only while mail goes to the outbox: pages to read what the app sent, the raw
 * .eml, and a JSON list that tests use to find verification links. Only to a client on this machine
 * that asks for the configured host: anyone else gets the 404 of a path that does not exist.
 */
import { isLoopback } from '../../http/loopback';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DevMailboxResponse } from '@vitrine/shared/api/dev-mailbox';
import { mailboxFileParams } from '@vitrine/shared/api/params';
import { AppError } from '../../http/app-error';
import { parseParams } from '../../http/validate';
import type { Mailer } from './mailer';
import { renderMailboxList, renderMailboxMessage } from './mailbox-pages';
import { listOutbox, outboxDir, readOutboxEml, readOutboxEntry } from './outbox';

const EML_SUFFIX = '.eml';

function html(reply: FastifyReply, body: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The socket's own address, never a forwarded one: behind a proxy on this machine everyone would look
 * local. The Host header must be PUBLIC_URL's, so a page on a rebound domain cannot read the mailbox.
 */
function mayRead(request: FastifyRequest, publicHost: string): boolean {
  return isLoopback(request.socket.remoteAddress) && request.headers.host?.toLowerCase() === publicHost;
}

export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const dir = outboxDir(app.deps.config.dataDir);
  const publicHost = new URL(app.deps.config.publicUrl).host;

  app.addHook('onRequest', async (request, reply) => {
    if (!mayRead(request, publicHost)) return reply.callNotFound();
  });

  app.get('/api/dev/mailbox', async (_request, reply): Promise<DevMailboxResponse> => {
    reply.header('cache-control', 'no-store');
    return { messages: await listOutbox(dir) };
  });

  app.get('/dev/mailbox', async (_request, reply) => html(reply, renderMailboxList(await listOutbox(dir))));

  app.get('/dev/mailbox/:file', async (request, reply) => {
    const { file } = parseParams(mailboxFileParams, request.params);
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
const isLocal = (url: string) => {
  const { hostname } = new URL(url);
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
};

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
