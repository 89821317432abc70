import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { contactMessages } from '../src/jobs/definitions/contact-messages';
import { readOutboxEml, readOutboxEntry, listOutbox, outboxDir } from '../src/modules/mail/outbox';
import type { Mailer, MailMessage } from '../src/modules/mail/mailer';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createVerifiedUser } from './helpers/accounts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { parseConfig } from '../src/config';
import { workerDeps } from '../src/jobs/worker';

const SITE = {
  COMPANY_NAME: 'Atelier Vitrine SAS',
  COMPANY_ADDRESS: '12 rue des Lilas|75011 Paris|France',
  CONTACT_EMAIL: 'equipe@vitrine.example',
  PARENT_COMPANY_URL: 'https://groupe.example',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SITE);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.query('delete from contact_messages');
  await t.database.query("delete from rate_limits where key like 'contact:%'");
  fs.rmSync(outboxDir(t.config.dataDir), { recursive: true, force: true });
});

const VALID = {
  name: 'Camille Durand',
  email: 'Camille@Example.test',
  subject: 'Une question sur les formats',
  message: 'Bonjour,\nPeut-on générer une bannière 3:1 ?\nMerci',
};

function send(
  body: unknown,
  { lang = 'fr', raw = false, ip, cookie } = {} as {
    lang?: string;
    raw?: boolean;
    ip?: string;
    cookie?: string;
  },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      ...(cookie && { cookie }),
    },
    payload: raw ? (body as string) : JSON.stringify(body),
    ...(ip && { remoteAddress: ip }),
  });
}

const stored = () =>
  t.database.query<{
    name: string;
    email: string;
    subject: string;
    message: string;
    lang: string;
    user_id: string | null;
    mailed_at: Date | null;
  }>('select * from contact_messages order by created_at');
const outbox = () => listOutbox(outboxDir(t.config.dataDir));

describe('contact form (POST /api/contact)', () => {
  it('stores the message and e-mails it to CONTACT_EMAIL with Reply-To the sender', async () => {
    const res = await send(VALID, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Camille Durand',
      email: 'camille@example.test',
      subject: 'Une question sur les formats',
      message: VALID.message,
      lang: 'en',
      user_id: null,
    });
    expect(rows[0]!.mailed_at).not.toBeNull();

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const entry = await readOutboxEntry(outboxDir(t.config.dataDir), mails[0]!.id);
    expect(entry).toMatchObject({
      to: 'equipe@vitrine.example',
      replyTo: 'camille@example.test',
      subject: '[Vitrine contact] Une question sur les formats',
    });
    expect(entry!.text).toContain('Peut-on générer une bannière 3:1 ?');
    expect(entry!.text).toContain('Name: Camille Durand');
    const eml = (await readOutboxEml(outboxDir(t.config.dataDir), mails[0]!.id))!.toString();
    expect(eml).toMatch(/^Reply-To: camille@example\.test\r$/m);
    // The dev mailbox shows where a reply goes.
    const page = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${encodeURIComponent(mails[0]!.id)}`,
      // The mailbox answers only requests for the configured address.
      headers: { host: new URL(t.config.publicUrl).host },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<tr><th>Reply-To</th><td>camille@example.test</td></tr>');
  });

  it('a signed-in sender’s message is tied to the account', async () => {
    const { cookie, userId } = await createVerifiedUser(t.app, 'contact-user@example.test');
    expect((await send(VALID, { cookie })).statusCode).toBe(200);
    expect((await stored())[0]!.user_id).toBe(userId);
  });

  it('each of the four fields is required: 400 with the message in French and English, nothing stored', async () => {
    for (const field of ['name', 'email', 'subject', 'message'] as const) {
      for (const [lang, text] of [
        ['fr', 'Ce champ est obligatoire.'],
        ['en', 'This field is required.'],
      ] as const) {
        const res = await send({ ...VALID, [field]: '   ' }, { lang });
        expect(res.statusCode, `${field} ${lang}`).toBe(400);
        expect(res.json().error.fields[field], `${field} ${lang}`).toBe(text);
      }
    }
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('an e-mail address of the wrong shape is refused with the spec’s message', async () => {
    const res = await send({ ...VALID, email: 'camille at example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('Format d’email invalide');
    expect(await stored()).toHaveLength(0);
  });

  it('malformed JSON, wrong types, a too long message and a body too large are refused; nothing stored', async () => {
    const cases = [
      await send('{"name": "x", ', { raw: true }),
      await send({ ...VALID, name: 42 }),
      await send({ ...VALID, message: ['a', 'b'] }),
      await send({ ...VALID, message: 'a'.repeat(5001) }),
      await send({ ...VALID, message: 'a'.repeat(40_000) }),
      await send([VALID]),
    ];
    expect(cases.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 413, 400]);
    for (const res of cases) expect(typeof res.json().error.message).toBe('string');
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('a header injection through the subject or the name is refused (no line breaks)', async () => {
    for (const body of [
      { ...VALID, subject: 'Bonjour\r\nBcc: everyone@example.test' },
      { ...VALID, name: 'Camille\nBcc: everyone@example.test' },
    ]) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
    }
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('a message whose hidden field is filled (a form robot) gets the same answer and is dropped', async () => {
    const res = await send({ ...VALID, website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await stored()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('rate limit per sender address: the 6th message within the hour is refused and not stored', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await send({ ...VALID, subject: `Question ${i}` }, { ip: `192.0.2.${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    const refused = await send({ ...VALID, subject: 'Question 6' }, { ip: '192.0.2.99', lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toMatch(/^You have sent several messages in a short time/);
    expect((await stored()).map((row) => row.subject)).not.toContain('Question 6');
    expect(await stored()).toHaveLength(5);
  });

  it('rate limit per client address: many senders from one address are refused past 20 an hour', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await send({ ...VALID, email: `sender${i}@example.test` }, { ip: '198.51.100.7' });
      expect(res.statusCode).toBe(200);
    }
    const refused = await send({ ...VALID, email: 'sender20@example.test' }, { ip: '198.51.100.7' });
    expect(refused.statusCode).toBe(429);
    expect(await stored()).toHaveLength(20);
  });
});

describe('contact rate limits follow RATE_LIMIT_MULTIPLIER', () => {
  it('with RATE_LIMIT_MULTIPLIER=2 one sender address may send 10 messages an hour, not 11', async () => {
    const doubled = await createTestApp({ ...SITE, RATE_LIMIT_MULTIPLIER: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await doubled.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
          payload: JSON.stringify({ ...VALID, subject: `Question ${i}` }),
          remoteAddress: `203.0.113.${i + 1}`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    } finally {
      await doubled.close();
    }
  });
});

describe('contact messages that could not be e-mailed, and retention', () => {
  let failing: TestApp;
  const sent: MailMessage[] = [];
  const workingMailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      sent.push(message);
      return { messageId: `m${sent.length}` };
    },
    close() {},
  };

  beforeAll(async () => {
    failing = await createTestApp(SITE, (app) => {
      app.deps.mailer = {
        kind: 'smtp',
        send: () => Promise.reject(new Error('SMTP server unreachable')),
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

describe('site information (GET /api/site)', () => {
  it('gives the operator’s name, address lines, contact address and parent site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyName: 'Atelier Vitrine SAS',
      addressLines: ['12 rue des Lilas', '75011 Paris', 'France'],
      contactEmail: 'equipe@vitrine.example',
      parentCompanyUrl: 'https://groupe.example',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
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
