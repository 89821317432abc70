/**
 * Requests no browser of ours sends, through HTTP on a real database: text the database cannot store, a
 * multipart form that is not one, the wrong kind of body for a route, addresses Fastify cannot route,
 * e-mail links stripped of their parts, and fields missing or of the wrong shape. Each gets a translated
 * 4xx (never a 500), and nothing is stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageDir } from '../src/modules/storage/storage';
import { PASSWORD, signUp } from './helpers/accounts';
import { signedInUser, uploaded, type SignedInUser } from './helpers/factories';
import { contextJpeg, productJpeg, startExpress, startFusion } from './helpers/generations';
import { useTestApp } from './helpers/test-app';

const t = useTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
let alice: SignedInUser;

beforeAll(async () => {
  alice = await signedInUser(t.app, 'alice@example.test');
});

const FORBIDDEN = {
  fr: 'Ce champ contient des caractères non autorisés.',
  en: 'This field contains characters that are not allowed.',
};

async function count(sql: string, params: unknown[] = []) {
  const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params);
  return rows[0]!.n;
}

function post(url: string, payload: unknown, lang = 'fr', cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'accept-language': lang, ...(cookie && { cookie }) },
    payload: JSON.stringify(payload),
  });
}

function storedFiles(userId: string): string[] {
  const dir = path.join(storageDir(t.config.dataDir), userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('text the database cannot store (a NUL, half a surrogate pair)', () => {
  it('an e-mail address holding a NUL is refused on every account form: 400, translated, no account', async () => {
    const email = 'a\u0000b@example.test';
    for (const [url, body] of [
      ['/api/auth/sign-in', { email, password: PASSWORD }],
      ['/api/auth/sign-up', { email, password: PASSWORD, firstName: 'A', lastName: 'B' }],
      ['/api/auth/password/forgot', { email }],
      ['/api/auth/verification/resend', { email }],
    ] as const) {
      for (const lang of ['fr', 'en'] as const) {
        const res = await post(url, body, lang);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: FORBIDDEN[lang],
          fields: { email: FORBIDDEN[lang] },
        });
      }
    }
    expect(await count(`users where email like 'a%b@example.test'`)).toBe(0);
  });

  it('a reset token holding a NUL is refused with 400, not a server error', async () => {
    const res = await post('/api/auth/password/reset', { token: 'a\u0000b', password: 'Passw0rdY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ token: FORBIDDEN.fr });
  });

  it('half a surrogate pair in an Express description or a Fusion slogan starts nothing', async () => {
    const express = await startExpress(
      t.app,
      alice.cookie,
      { style: 'vintage', format: 'square', description: 'Boulangerie \ud800 du coin' },
      'en',
    );
    expect(express.statusCode).toBe(400);
    expect(express.json().error.fields).toEqual({ description: FORBIDDEN.en });
    const fusion = await startFusion(t.app, alice.cookie, {
      productUploadId: crypto.randomUUID(),
      contextUploadId: crypto.randomUUID(),
      slogan: 'Le go\udc00t du vrai',
    });
    expect(fusion.statusCode).toBe(400);
    expect(fusion.json().error.fields).toEqual({ slogan: FORBIDDEN.fr });
    expect(await count('background_generations where user_id = $1', [alice.userId])).toBe(0);
  });

  it('a whole surrogate pair (an emoji) is ordinary text, and so is a line break', async () => {
    const res = await startExpress(t.app, alice.cookie, {
      style: 'vintage',
      format: 'square',
      description: 'Fromagerie 🧀\nLyon',
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.database.query(`delete from background_generations where user_id = $1`, [alice.userId]);
  });

  it('the editor and query strings are checked the same way', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/generations/${crypto.randomUUID()}/edit?image=0`,
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ version: 2, logo: null, texts: [{ id: 't1', text: 'a\ud800b' }] }),
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ texts: FORBIDDEN.fr });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/history?cursor=%00',
      headers: { cookie: alice.cookie, 'accept-language': 'en' },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().error.fields).toEqual({ cursor: FORBIDDEN.en });
  });
});

describe('a multipart form that is not one', () => {
  const upload = (contentType: string | undefined, payload: Buffer | string, lang = 'fr') =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads?role=product',
      headers: {
        cookie: alice.cookie,
        'accept-language': lang,
        ...(contentType && { 'content-type': contentType }),
      },
      payload,
    });

  it('no boundary, a body cut off before its end, or too many fields: 400, translated, nothing stored', async () => {
    const photo = await productJpeg();
    const boundary = 'XX';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cup.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const fields = Array.from(
      { length: 7 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    ).join('');
    const cases = [
      ['multipart/form-data', 'xx'],
      [
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([Buffer.from(head), photo.subarray(0, 4000)]),
      ],
      [`multipart/form-data; boundary=${boundary}`, `${fields}--${boundary}--\r\n`],
    ] as const;
    for (const [contentType, payload] of cases) {
      for (const lang of ['fr', 'en'] as const) {
        const res = await upload(contentType, payload, lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toBe(
          lang === 'fr'
            ? 'Le fichier n’est pas arrivé en entier, ou l’envoi était mal formé. Veuillez le renvoyer.'
            : 'The file did not arrive whole, or the upload was malformed. Please send it again.',
        );
      }
    }
    expect(await count('uploads where user_id = $1', [alice.userId])).toBe(0);
    expect(storedFiles(alice.userId)).toEqual([]);
  });

  it('the upload route asks for a file when sent JSON or no type at all (415)', async () => {
    for (const contentType of ['application/json', undefined, 'text/plain']) {
      const res = await upload(contentType, '{"url":"x"}', 'en');
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(415);
      expect(res.json().error.message).toBe('Send the image as a file (multipart/form-data).');
    }
  });

  it('a JSON route sent a form answers 415 as every other JSON route does', async () => {
    const boundary = 'XX';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="style"\r\n\r\nvintage\r\n--${boundary}--\r\n`;
    for (const url of ['/api/generations/express', '/api/auth/sign-in', '/api/copy/slogans']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: alice.cookie,
          'accept-language': 'en',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: form,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(415);
      expect(res.json().error.message).toBe('Unsupported content type. Send JSON (application/json).');
    }
  });
});

describe('addresses and links', () => {
  it('a path segment longer than any id is not found, and bad percent-encoding is a bad request, translated', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${'a'.repeat(101)}`,
      headers: { cookie: alice.cookie, 'accept-language': 'fr' },
    });
    expect(long.statusCode).toBe(404);
    expect(long.json().error.code).toBe('NOT_FOUND');
    expect(long.body).not.toContain('FST_');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/uploads/%c0%af',
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'BAD_REQUEST', message: 'The request is invalid.' });
  });

  it('an e-mail link without its token, or with its return address changed, lands on the page that says it failed', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/core/verify-email' });
    expect(none.statusCode).toBe(302);
    expect(none.headers.location).toMatch(/^\/\?verified=1&error=/);
    for (const query of ['token=abc', 'token=abc&callbackURL=https%3A%2F%2Fevil.example%2F']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/core/verify-email?${query}` });
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toMatch(/^\/\?verified=1&error=/);
    }
  });
});

describe('fields missing or of the wrong shape', () => {
  it('a missing field is "required", whatever its type', async () => {
    const res = await post('/api/auth/sign-up', { email: 'n@example.test', password: PASSWORD }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      firstName: 'This field is required.',
      lastName: 'This field is required.',
    });
    expect(await count(`users where email = 'n@example.test'`)).toBe(0);
  });

  it('an upload id that is not one says the image is not available; one in capitals is the same id', async () => {
    const bad = await startFusion(
      t.app,
      alice.cookie,
      { productUploadId: 'not-an-id', contextUploadId: crypto.randomUUID() },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.productUploadId).toBe(
      'One of the images is no longer available. Upload it again.',
    );
    const bob = await signedInUser(t.app, 'bob@example.test');
    const product = await uploaded(t.app, bob.cookie, { name: 'cup.jpg', bytes: await productJpeg() });
    const context = await uploaded(t.app, bob.cookie, { name: 'cafe.jpg', bytes: await contextJpeg() });
    const res = await startFusion(t.app, bob.cookie, {
      productUploadId: product.toUpperCase(),
      contextUploadId: context.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('a stroke over 1,000 points says so, not the 10,000 points of all strokes together', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${crypto.randomUUID()}/cutout`,
      headers: { cookie: alice.cookie, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({
        choice: 'cutout',
        corrections: {
          strokes: [{ kind: 'keep', radius: 0.02, points: Array.from({ length: 1001 }, () => [0.5, 0.5]) }],
        },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This stroke is too long (1,000 points at most). Draw it in several strokes.',
    );
  });

  it('a profile update naming no field changes nothing and records nothing', async () => {
    const before = await count('security_logs where user_id = $1', [alice.userId]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(await count('security_logs where user_id = $1', [alice.userId])).toBe(before);
  });

  it('sign-up still works with every field', async () => {
    const res = await signUp(t.app, { email: 'ok@example.test' });
    expect(res.statusCode, res.body).toBe(201);
  });
});
