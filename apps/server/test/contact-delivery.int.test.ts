/** Contact messages whose e-mail could not be sent, the daily job that sends them again, and retention. */
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/jobs/definitions/contact-messages';
import type { Mailer, MailMessage } from '../src/modules/mail/mailer';
import { parseConfig } from '../src/config';
import { workerDeps } from '../src/jobs/worker';
import { createTestApp, type TestApp } from './helpers/test-app';
import { SITE, VALID } from './helpers/contact';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';

describe('contact messages that could not be e-mailed, and retention', () => {
  let failing: TestApp;
  const sent: MailMessage[] = [];
  const workingMailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      sent.push(message);
      return { messageId: `m${sent.length}` };
    },
    deliverable: () => Promise.resolve(true),
    close() {},
  };

  beforeAll(async () => {
    failing = await createTestApp(SITE, (app) => {
      app.deps.mailer = {
        kind: 'smtp',
        send: () => Promise.reject(new Error('SMTP server unreachable')),
        deliverable: () => Promise.resolve(false),
        close() {},
      };
    });
  });
  afterAll(() => failing?.close());

  it('a mail failure keeps the message and still tells the sender it was sent; the daily job sends it', async () => {
    const res = await failing.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: JSON.stringify(VALID),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await failing.database.query<{ mailed_at: Date | null }>(
      'select mailed_at from contact_messages',
    );
    expect(row!.mailed_at).toBeNull();

    const later = new Date(Date.now() + 10 * 60_000).toISOString();
    const summary = await contactMessages.handle(
      {
        database: failing.database,
        logger: pino({ level: 'silent' }),
        contact: { mailer: workingMailer, to: 'equipe@vitrine.example' },
      } as never,
      { now: later },
    );
    expect(summary).toMatchObject({ resent: 1, failed: 0 });
    expect(sent[0]).toMatchObject({ to: 'equipe@vitrine.example', replyTo: 'camille@example.test' });
    const [after] = await failing.database.query<{ mailed_at: Date | null }>(
      'select mailed_at from contact_messages',
    );
    expect(after!.mailed_at).not.toBeNull();
  });

  it('the daily job sends unsent messages again a bounded number at a time: 20 per run, 5 minutes to 7 days old', async () => {
    await failing.database.query('delete from contact_messages');
    sent.length = 0;
    await failing.database.query(
      `insert into contact_messages (name, email, subject, message, lang, created_at)
       select 'Sender ' || i, 'sender' || i || '@example.test', 'Question ' || i, 'x', 'en', now() - interval '1 hour'
       from generate_series(1, 25) as i`,
    );
    await failing.database.query(
      `insert into contact_messages (name, email, subject, message, lang, created_at) values
       ('Too old', 'old@example.test', 'Old', 'x', 'fr', now() - interval '8 days'),
       ('Just sent', 'new@example.test', 'New', 'x', 'fr', now() - interval '1 minute')`,
    );
    const run = () =>
      contactMessages.handle(
        {
          database: failing.database,
          logger: pino({ level: 'silent' }),
          contact: { mailer: workingMailer, to: 'equipe@vitrine.example' },
        } as never,
        {},
      );
    expect(await run()).toMatchObject({ resent: 20, failed: 0 });
    expect(await run()).toMatchObject({ resent: 5, failed: 0 });
    expect(await run()).toMatchObject({ resent: 0 });
    expect(sent).toHaveLength(25);
    const unsent = await failing.database.query<{ name: string }>(
      'select name from contact_messages where mailed_at is null order by name',
    );
    expect(unsent.map((row) => row.name)).toEqual(['Just sent', 'Too old']);
  });

  it('messages are kept 12 months: the daily job deletes a 13-month-old one and keeps a recent one', async () => {
    await failing.database.query('delete from contact_messages');
    await failing.database.query(
      `insert into contact_messages (name, email, subject, message, lang, created_at, mailed_at) values
       ('Old', 'old@example.test', 'Ancien', 'x', 'fr', now() - interval '13 months', now() - interval '13 months'),
       ('New', 'new@example.test', 'Récent', 'y', 'fr', now() - interval '11 months', now() - interval '11 months')`,
    );
    const summary = await contactMessages.handle(
      { database: failing.database, logger: pino({ level: 'silent' }) } as never,
      {},
    );
    expect(summary).toMatchObject({ deleted: 1 });
    const rows = await failing.database.query<{ name: string }>('select name from contact_messages');
    expect(rows.map((row) => row.name)).toEqual(['New']);
  });
});

describe('contact messages through a real SMTP server (SMTP_URL set)', () => {
  let refusing: TestSmtpServer;
  let accepting: TestSmtpServer;
  let app: TestApp;
  beforeAll(async () => {
    refusing = await startSmtpServer({ refuse: 'Mailbox unavailable' });
    accepting = await startSmtpServer();
    app = await createTestApp({ ...SITE, SMTP_URL: accepting.url });
  });
  afterAll(async () => {
    await app?.close();
    await refusing?.close();
    await accepting?.close();
  });

  it('the mail server receives the message for CONTACT_EMAIL with Reply-To the sender and no injected header', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: JSON.stringify({ ...VALID, message: 'Bcc: everyone@example.test\nBonjour' }),
    });
    expect(res.statusCode).toBe(200);
    expect(accepting.received).toHaveLength(1);
    expect(accepting.received[0]!.to).toEqual(['equipe@vitrine.example']);
    const mail = await PostalMime.parse(accepting.received[0]!.raw);
    expect(mail.replyTo).toEqual([expect.objectContaining({ address: 'camille@example.test' })]);
    expect(mail.subject).toBe('[Vitrine contact] Une question sur les formats');
    expect(mail.text).toContain('Bcc: everyone@example.test\nBonjour');
    // The message's text stays in the body: no header of that name.
    expect(mail.headers.map((header) => header.key)).not.toContain('bcc');
  });

  it('a mail server that refuses keeps the message; the worker’s daily job delivers it later', async () => {
    const failing = await createTestApp({ ...SITE, SMTP_URL: refusing.url });
    try {
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: JSON.stringify(VALID),
      });
      expect(res.statusCode).toBe(200);
      const [row] = await failing.database.query<{ mailed_at: Date | null }>(
        'select mailed_at from contact_messages',
      );
      expect(row!.mailed_at).toBeNull();

      // The worker's own wiring: CONTACT_EMAIL and the mailer SMTP_URL names.
      const deps = workerDeps(
        parseConfig({ ...SITE, DATA_DIR: failing.config.dataDir, SMTP_URL: accepting.url }),
      );
      const before = accepting.received.length;
      try {
        const summary = await contactMessages.handle(
          { ...deps, database: failing.database, logger: pino({ level: 'silent' }) } as never,
          { now: new Date(Date.now() + 10 * 60_000).toISOString() },
        );
        expect(summary).toMatchObject({ resent: 1, failed: 0 });
      } finally {
        deps.contact?.mailer.close();
      }
      expect(accepting.received.slice(before).map((mail) => mail.to)).toEqual([['equipe@vitrine.example']]);
      const [after] = await failing.database.query<{ mailed_at: Date | null }>(
        'select mailed_at from contact_messages',
      );
      expect(after!.mailed_at).not.toBeNull();
    } finally {
      await failing.close();
    }
  });
});
