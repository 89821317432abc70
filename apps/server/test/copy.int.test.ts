/**
 * Written copy through the HTTP API on a real database: slogan suggestions for the Fusion form (local
 * copywriter, or a language model with the local one as fallback), limited per user; the Express
 * headline written before the render and stored with the result; the interface language stored with
 * the request. The model is a local HTTP server speaking the OpenAI chat protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  startFakeServer,
  type FakeAnswer,
  type FakeServer,
} from '@vitrine/engine/test-utils/fake-image-api';
import { localSlogans } from '@vitrine/engine/copy/slogans';
import { PRODUCT_NAME_MAX_LENGTH, SLOGAN_MAX_LENGTH } from '@vitrine/shared/api/generation';
import { SLOGAN_SUGGESTIONS_LIMIT } from '../src/modules/copy/routes';
import type { Worker } from '../src/jobs/worker';
import { signedInUser } from './helpers/factories';
import { startExpress, started, waitForEnd } from './helpers/generations';
import { createTestApp, startTestWorker, type TestApp } from './helpers/test-app';

const KEY = 'sk-test-copy-5e4d3c2b1a0f9e8d7c6b';
const form = { style: 'vintage', palette: 'chaude', tagline: 'Torréfié à Lyon depuis 1952', language: 'fr' };

let api: FakeServer;
beforeAll(async () => {
  api = await startFakeServer();
});
afterAll(() => api.close());

const chat = (content: unknown): FakeAnswer =>
  json(200, { choices: [{ index: 0, message: { role: 'assistant', content } }] });

function suggest(t: TestApp, cookie: string | undefined, payload: unknown, lang = 'fr') {
  return t.app.inject({
    method: 'POST',
    url: '/api/copy/slogans',
    headers: { ...(cookie && { cookie }), 'accept-language': lang, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function storedCopy(t: TestApp, generationId: string) {
  const [row] = await t.database.query<{ webhook_data: { copy?: unknown } }>(
    `select webhook_data from user_image_generations where background_generation_id = $1`,
    [generationId],
  );
  return row?.webhook_data.copy;
}

describe('slogan suggestions with the local copywriter (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a visitor cannot ask for suggestions: 401', async () => {
    const res = await suggest(t, undefined, form);
    expect(res.statusCode).toBe(401);
  });

  it('answers three local suggestions within the slogan field’s length, from what the form holds', async () => {
    const u = await signedInUser(t.app, 'slogans-local@example.test');
    const res = await suggest(t, u.cookie, form);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      source: 'local',
      suggestions: localSlogans({ ...form, language: 'fr' } as never),
    });
    expect(body.suggestions).toHaveLength(3);
    expect(body.suggestions[0]).toBe('Torréfié à Lyon depuis 1952');
    for (const line of body.suggestions) expect(line.length).toBeLessThanOrEqual(SLOGAN_MAX_LENGTH);
    const english = (
      await suggest(t, u.cookie, { style: 'minimaliste', palette: 'pastel', language: 'en' })
    ).json();
    expect(english.suggestions).toEqual(['Just the essentials', 'Soft and sweet', 'Simply right']);
  });

  it('speaks of the product when the form says what it is ("What is it?"), and refuses a name over 60 characters', async () => {
    const u = await signedInUser(t.app, 'slogans-product@example.test');
    const res = await suggest(t, u.cookie, { ...form, productName: 'Bougie lavande & figue' });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions.slice(0, 2)).toEqual([
      'Bougie lavande & figue',
      'Découvrez notre bougie lavande & figue',
    ]);
    const long = await suggest(
      t,
      u.cookie,
      { ...form, productName: 'x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1) },
      'en',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.productName).toBe(
      `This field cannot be longer than ${PRODUCT_NAME_MAX_LENGTH} characters.`,
    );
  });

  it('refuses a bad form with a translated 400: unknown palette, no language, too long, malformed JSON', async () => {
    const u = await signedInUser(t.app, 'slogans-bad@example.test');
    const palette = await suggest(t, u.cookie, { ...form, palette: 'arc-en-ciel' }, 'en');
    expect(palette.statusCode).toBe(400);
    expect(palette.json().error.fields.palette).toBe('Choose one of the options offered.');
    const language = await suggest(t, u.cookie, { ...form, language: 'de' });
    expect(language.statusCode).toBe(400);
    expect(language.json().error.fields.language).toBe('Choisissez l’une des options proposées.');
    const long = await suggest(t, u.cookie, { ...form, slogan: 'x'.repeat(SLOGAN_MAX_LENGTH + 1) }, 'en');
    expect(long.json().error.fields.slogan).toBe(
      `This field cannot be longer than ${SLOGAN_MAX_LENGTH} characters.`,
    );
    const markup = await suggest(t, u.cookie, { ...form, tagline: '<script>x</script>' }, 'en');
    expect(markup.statusCode).toBe(400);
    const malformed = await suggest(t, u.cookie, '{"style": "vintage",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
  });

  it(`limits each user to ${SLOGAN_SUGGESTIONS_LIMIT.max} requests an hour (429), other users unaffected`, async () => {
    const u = await signedInUser(t.app, 'slogans-limit@example.test');
    for (let i = 0; i < SLOGAN_SUGGESTIONS_LIMIT.max; i++) {
      expect((await suggest(t, u.cookie, form)).statusCode).toBe(200);
    }
    const refused = await suggest(t, u.cookie, form, 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Too many attempts/);
    const other = await signedInUser(t.app, 'slogans-other@example.test');
    expect((await suggest(t, other.cookie, form)).statusCode).toBe(200);
  });
});

describe('TEXT_PROVIDER=openai', () => {
  let t: TestApp;
  let worker: Worker;
  beforeAll(async () => {
    t = await createTestApp({
      TEXT_PROVIDER: 'openai',
      TEXT_API_KEY: KEY,
      TEXT_API_BASE_URL: `${api.origin}/v1`,
      TEXT_MODEL: 'copy-model',
      TEXT_TIMEOUT_MS: '2000',
    });
    worker = await startTestWorker(t);
  });
  afterAll(async () => {
    await worker.stop(2000);
    await t.close();
  });

  it('suggests the model’s slogans, asked with the key as Bearer', async () => {
    api.answer(() =>
      chat('{"slogans": ["Le café de Lyon depuis 1952", "Torréfié avec patience", "Un café de caractère"]}'),
    );
    const u = await signedInUser(t.app, 'slogans-model@example.test');
    const res = await suggest(t, u.cookie, form);
    expect(res.json()).toEqual({
      source: 'openai',
      suggestions: ['Le café de Lyon depuis 1952', 'Torréfié avec patience', 'Un café de caractère'],
    });
    expect(api.requests[0]).toMatchObject({ path: '/v1/chat/completions' });
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('falls back to local suggestions when the model answers in the wrong language or fails', async () => {
    const u = await signedInUser(t.app, 'slogans-fallback@example.test');
    const local = localSlogans({ ...form, language: 'fr' } as never);
    api.answer(() =>
      chat('{"slogans": ["Coffee from Lyon", "Roasted with care", "The taste of the morning"]}'),
    );
    expect((await suggest(t, u.cookie, form)).json()).toEqual({ source: 'local', suggestions: local });
    api.answer(() => json(500, { error: { message: 'boom' } }));
    expect((await suggest(t, u.cookie, form)).json()).toEqual({ source: 'local', suggestions: local });
  });

  it('writes the Express headline with the model before the render, and stores it with the result', async () => {
    api.answer(() =>
      chat('{"headline": "Bakery with a view", "supporting": "Sourdough and pastries every morning"}'),
    );
    const u = await signedInUser(t.app, 'express-model@example.test');
    const res = await startExpress(
      t.app,
      u.cookie,
      {
        style: 'moderne',
        format: 'square',
        variants: 1,
        description: 'Organic bakery in Lyon, sourdough',
        language: 'en',
      },
      'en',
    );
    expect(res.statusCode).toBe(202);
    const id = started(res.body).generation.id;
    // The interface language is kept with the request, like the other options.
    const [row] = await t.database.query<{ request: { request: { language?: string } } }>(
      `select request from background_generations where id = $1`,
      [id],
    );
    expect(row!.request.request.language).toBe('en');
    expect((await waitForEnd(t.app, u.cookie, id)).generation.status).toBe('completed');
    expect(await storedCopy(t, id)).toEqual({
      source: 'openai',
      headline: 'Bakery with a view',
      supporting: 'Sourdough and pastries every morning',
      language: 'en',
    });
    const asked = JSON.parse(api.requests[0]!.body);
    expect(asked.messages.at(-1).content).toBe('Organic bakery in Lyon, sourdough');
  });

  it('an Express headline the model got wrong (markup, wrong language, too slow) is written locally', async () => {
    const u = await signedInUser(t.app, 'express-fallback@example.test');
    const description = 'Boulangerie bio à Lyon, pain au levain';
    for (const [answer, fallback] of [
      [() => chat('{"headline": "<h1>Boulangerie</h1>"}'), { reason: 'invalid_copy', issue: 'markup' }],
      [() => chat('{"headline": "The organic bakery"}'), { reason: 'invalid_copy', issue: 'wrong_language' }],
      [() => ({ ...chat('{}'), delayMs: 4000 }), { reason: 'timeout' }],
    ] as const) {
      api.answer(answer);
      const res = await startExpress(t.app, u.cookie, {
        style: 'vintage',
        format: 'post',
        variants: 1,
        description,
        language: 'fr',
      });
      const id = started(res.body).generation.id;
      expect((await waitForEnd(t.app, u.cookie, id)).generation.status).toBe('completed');
      expect(await storedCopy(t, id)).toEqual({
        source: 'local',
        headline: 'Boulangerie bio à Lyon',
        supporting: 'Pain au levain',
        language: 'fr',
        fallback,
      });
      // A free account has three generations: the count starts again for each case.
      await t.database.query(`update user_subscription_info set free_generations_used = 0`);
    }
  });
});
