import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devMailboxResponse } from '@vitrine/shared/api/dev-mailbox';
import { parseConfig, type Config } from '../src/config';
import { createMailer, type MailMessage, type Mailer } from '../src/modules/mail/mailer';
import { listOutbox, outboxDir } from '../src/modules/mail/outbox';
import { startSmtpServer } from './helpers/smtp-server';
import { createTestApp, type TestApp } from './helpers/test-app';
import { mailboxGet } from './helpers/accounts';

const VERIFY_URL = 'https://vitrine.test/verify?token=abc123&lang=fr';

const welcome: MailMessage = {
  to: 'Léa Martin <lea@example.test>',
  subject: 'Bienvenue chez Vitrine, Léa ! 🎉',
  text: `Bonjour Léa,\n\nConfirmez votre adresse : ${VERIFY_URL}.\n\nÀ très bientôt 👋`,
  html: `<p>Bonjour Léa, <a href="${VERIFY_URL.replace('&', '&amp;')}">confirmez votre adresse</a> 👋</p>`,
};

const tempDirs: string[] = [];
function tempConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-'));
  tempDirs.push(dataDir);
  return parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const silent = pino({ level: 'silent' });
const emlFiles = (config: Config) =>
  fs.readdirSync(outboxDir(config.dataDir)).filter((name) => name.endsWith('.eml'));

describe('outbox (no SMTP_URL): every message is kept as a real .eml in DATA_DIR/mail', () => {
  it('writes a multipart message with the right headers, accents and emoji intact', async () => {
    const config = tempConfig();
    const mailer = createMailer(config, silent);
    expect(mailer.kind).toBe('outbox');
    const { messageId } = await mailer.send(welcome);

    const names = fs.readdirSync(outboxDir(config.dataDir));
    const eml = names.filter((name) => name.endsWith('.eml'));
    expect(eml).toHaveLength(1);
    expect(eml[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{16}\.eml$/);
    expect(names.filter((name) => name.includes('.tmp'))).toEqual([]);

    const raw = fs.readFileSync(path.join(outboxDir(config.dataDir), eml[0]!));
    expect(raw.toString('latin1')).toMatch(/Content-Type: multipart\/alternative/i);
    const email = await PostalMime.parse(raw);
    expect(email.from).toMatchObject({ name: 'Vitrine', address: 'no-reply@vitrine.localhost' });
    expect(email.to).toEqual([{ name: 'Léa Martin', address: 'lea@example.test' }]);
    expect(email.subject).toBe(welcome.subject);
    expect(email.messageId).toBe(messageId);
    expect(email.date).toBeTruthy();
    expect(email.text?.trim()).toBe(welcome.text);
    expect(email.html?.trim()).toBe(welcome.html);
  });

  it('logs one line with the recipient and subject, and never a link a log reader could use', async () => {
    const { logger, lines } = capturingLogger();
    await createMailer(tempConfig(), logger).send(welcome);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, to: welcome.to, subject: welcome.subject });
    expect(JSON.stringify(lines)).not.toContain('token=abc123');
    expect(JSON.stringify(lines)).not.toContain('vitrine.test/verify');
  });

  it('two messages in the same millisecond get two files, listed newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:04:05.678Z'));
    try {
      const config = tempConfig();
      const mailer = createMailer(config, silent);
      await mailer.send({ ...welcome, subject: 'first' });
      await mailer.send({ ...welcome, subject: 'second' });
      // A second process (the worker) writing in the same millisecond.
      await createMailer(config, silent).send({ ...welcome, subject: 'other process' });
      expect(emlFiles(config)).toHaveLength(3);
      const listed = await listOutbox(outboxDir(config.dataDir));
      expect(listed[0]?.subject).toBe('second');
      expect(
        listed
          .slice(1)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(['first', 'other process']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the listing is newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const config = tempConfig();
      for (const [subject, time] of [
        ['middle', '2030-01-02T10:00:00.000Z'],
        ['oldest', '2029-12-31T23:59:59.999Z'],
        ['newest', '2030-01-02T10:00:01.000Z'],
      ] as const) {
        vi.setSystemTime(new Date(time));
        await createMailer(config, silent).send({ ...welcome, subject });
      }
      const listed = await listOutbox(outboxDir(config.dataDir));
      expect(listed.map((m) => m.subject)).toEqual(['newest', 'middle', 'oldest']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SMTP (SMTP_URL set): messages go to the mail server', () => {
  it('delivers a message the server receives and can parse', async () => {
    const smtp = await startSmtpServer();
    const config = tempConfig({ SMTP_URL: smtp.url });
    const mailer = createMailer(config, silent);
    try {
      expect(mailer.kind).toBe('smtp');
      const { messageId } = await mailer.send(welcome);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ from: 'no-reply@vitrine.localhost', to: ['lea@example.test'] });
      const email = await PostalMime.parse(mail!.raw);
      expect(email.messageId).toBe(messageId);
      expect(email.from).toMatchObject({ address: 'no-reply@vitrine.localhost' });
      expect(email.subject).toBe(welcome.subject);
      expect(email.text?.trim()).toBe(welcome.text);
      expect(email.html?.trim()).toBe(welcome.html);
      // Nothing lands in the outbox when a real server takes the mail.
      expect(fs.existsSync(outboxDir(config.dataDir))).toBe(false);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('a server that refuses the message makes send reject', async () => {
    const smtp = await startSmtpServer({ refuse: 'Mailbox full' });
    const mailer = createMailer(tempConfig({ SMTP_URL: smtp.url }), silent);
    try {
      await expect(mailer.send(welcome)).rejects.toThrow(/Mailbox full/);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('a server that is not there makes send reject', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const mailer = createMailer(tempConfig({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` }), silent);
    await expect(mailer.send(welcome)).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});

const decodeAttribute = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

describe('dev mailbox (outbox mode only)', () => {
  let t: TestApp;
  let mailer: Mailer;
  const hostile: MailMessage = {
    to: 'Eve <eve@example.test>',
    subject: '<script>alert(1)</script> Bienvenue',
    text: `Cliquez <b>ici</b> : ${VERIFY_URL}`,
    html: `<p class="x" onclick='alert(1)'>Tom &amp; Jerry</p><script>alert("srcdoc")</script>`,
  };

  beforeAll(async () => {
    // buildApp registers the mailbox with the app's own mailer, the outbox when SMTP_URL is unset.
    t = await createTestApp();
    mailer = t.app.deps.mailer;
    expect(mailer.kind).toBe('outbox');
    await mailer.send(welcome);
    await mailer.send(hostile);
  });
  afterAll(() => t.close());

  async function idOf(subject: string): Promise<string> {
    const res = await mailboxGet(t.app, '/api/dev/mailbox');
    const found = devMailboxResponse.parse(res.json()).messages.find((m) => m.subject === subject);
    if (!found) throw new Error(`no message with subject ${subject}`);
    return found.id;
  }

  it('GET /api/dev/mailbox lists the messages newest first with their links', async () => {
    const res = await mailboxGet(t.app, '/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    const { messages } = devMailboxResponse.parse(res.json());
    expect(messages.map((m) => m.subject)).toEqual([hostile.subject, welcome.subject]);
    expect(messages[1]).toMatchObject({ to: welcome.to, links: [VERIFY_URL] });
  });

  it('the list page escapes what the message says and needs no script', async () => {
    const res = await mailboxGet(t.app, '/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Bienvenue');
    expect(res.body).toContain('Eve &lt;eve@example.test&gt;');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain(`href="/dev/mailbox/${await idOf(welcome.subject)}"`);
  });

  it('the message page escapes the text, makes links clickable and sandboxes the HTML part', async () => {
    const res = await mailboxGet(t.app, `/dev/mailbox/${await idOf(hostile.subject)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('Cliquez &lt;b&gt;ici&lt;/b&gt;');
    const escapedUrl = VERIFY_URL.replace('&', '&amp;');
    expect(res.body).toContain(`<a href="${escapedUrl}">${escapedUrl}</a>`);
    const frame = /<iframe sandbox srcdoc="([^"]*)"[^>]*>/.exec(res.body);
    expect(frame).not.toBeNull();
    expect(decodeAttribute(frame![1]!)).toBe(hostile.html);
  });

  it('the .eml download is the raw message as message/rfc822', async () => {
    const id = await idOf(welcome.subject);
    const res = await mailboxGet(t.app, `/dev/mailbox/${id}.eml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"`);
    expect((await PostalMime.parse(res.rawPayload)).subject).toBe(welcome.subject);
  });

  it('unknown, malformed and path-traversal ids are 404 in the error envelope', async () => {
    const id = await idOf(welcome.subject);
    const unknown = id.replace(/-[0-9a-f]{16}$/, '-0000000000000000');
    for (const file of [
      'junk',
      'junk.eml',
      unknown,
      `${unknown}.eml`,
      `${id}.json`,
      `${id}.eml.eml`,
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd.eml',
      `..%2Fmail%2F${id}`,
      '%2e%2e',
    ]) {
      const res = await mailboxGet(t.app, `/dev/mailbox/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json(), file).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });
});

describe('dev mailbox: only for this machine, at the configured address', () => {
  let t: TestApp;
  let withSite: TestApp;
  const paths = [
    '/api/dev/mailbox',
    '/dev/mailbox',
    '/dev/mailbox/2030-01-02T03-04-05.678Z-0123456789abcdef',
  ];
  beforeAll(async () => {
    t = await createTestApp({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000' });
    await t.app.deps.mailer.send(welcome);
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Vitrine</title>');
    withSite = await createTestApp({ WEB_DIST_DIR: webDistDir });
  });
  afterAll(async () => {
    await t.close();
    await withSite.close();
  });

  it('a loopback client asking for PUBLIC_URL’s host reads it, over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await mailboxGet(t.app, '/api/dev/mailbox', { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(devMailboxResponse.parse(res.json()).messages).toHaveLength(1);
    }
    const page = await mailboxGet(t.app, '/dev/mailbox', { headers: { host: 'LOCALHOST:3000' } });
    expect(page.statusCode).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1'])(
    'a client on the network (%s) gets the 404 of a path that does not exist',
    async (remoteAddress) => {
      for (const url of paths) {
        const res = await mailboxGet(t.app, url, { remoteAddress });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      }
    },
  );

  it('a forwarded loopback address does not make a network client local', async () => {
    const res = await mailboxGet(t.app, '/api/dev/mailbox', {
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });

  it.each(['attacker.example:3000', 'attacker.example', 'localhost:8080', 'localhost', '127.0.0.1:3000'])(
    'a DNS-rebinding page (Host: %s) cannot read it, even from loopback',
    async (host) => {
      for (const url of paths) {
        const res = await mailboxGet(t.app, url, { headers: { host } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('Bienvenue');
      }
    },
  );

  it('with the web app served, a refused mailbox page answers like any unknown page', async () => {
    const refused = await mailboxGet(withSite.app, '/dev/mailbox', { remoteAddress: '192.168.1.20' });
    const unknown = await mailboxGet(withSite.app, '/dev/no-such-page', { remoteAddress: '192.168.1.20' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(unknown.body);
  });
});

describe('dev mailbox with SMTP: the routes do not exist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(t.app.deps.mailer.kind).toBe('smtp');
  });
  afterAll(() => t.close());

  it.each(['/dev/mailbox', '/api/dev/mailbox', '/dev/mailbox/2030-01-02T03-04-05.678Z-0123456789abcdef'])(
    'GET %s is 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    },
  );
});

describe('dev mailbox on a public address: never served, even without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://vitrine.example' });
    expect(t.app.deps.mailer.kind).toBe('outbox');
  });
  afterAll(() => t.close());

  it.each(['/dev/mailbox', '/api/dev/mailbox'])('GET %s is 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});
