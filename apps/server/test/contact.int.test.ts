import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { readOutboxEml, readOutboxEntry, listOutbox, outboxDir } from '../src/modules/mail/outbox';
import { createTestApp, useTestApp } from './helpers/test-app';
import { signedInUser } from './helpers/factories';
import { SITE, VALID } from './helpers/contact';

const t = useTestApp(SITE);
beforeEach(async () => {
  await t.database.query('delete from contact_messages');
  await t.database.query("delete from rate_limits where key like 'contact:%'");
  fs.rmSync(outboxDir(t.config.dataDir), { recursive: true, force: true });
});

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
    const { cookie, userId } = await signedInUser(t.app, 'contact-user@example.test');
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
