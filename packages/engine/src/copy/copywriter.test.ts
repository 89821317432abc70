import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeServer, type FakeAnswer } from '../test-utils/fake-image-api';
import type { OpenAiTextConfig } from './config';
import { createCopywriter } from './copywriter';
import { localExpressCopy } from './express-copy';
import { localSlogans } from './slogans';

const KEY = 'sk-test-text-key-1234567890';
let api: Awaited<ReturnType<typeof startFakeServer>>;
let config: OpenAiTextConfig;

beforeAll(async () => {
  api = await startFakeServer();
  config = { kind: 'openai', baseUrl: `${api.origin}/v1`, apiKey: KEY, model: 'copy-model', timeoutMs: 1500 };
});
afterAll(() => api.close());

/** An OpenAI-compatible chat answer whose message content is `content`. */
const chat = (content: unknown): FakeAnswer =>
  json(200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  });

const warnings: Record<string, unknown>[] = [];
const logger = { warn: (details: Record<string, unknown>) => void warnings.push(details) };

const description = 'Boulangerie bio à Lyon, pain au levain et viennoiseries';
const express = { description, language: 'fr' } as const;
const localCopy = { source: 'local', ...localExpressCopy(description)!, language: 'fr' };
const sloganContext = {
  style: 'vintage',
  palette: 'chaude',
  tagline: 'Torréfié à Lyon depuis 1952',
  language: 'fr',
} as const;

describe('copy from an OpenAI-compatible chat model', () => {
  it('asks POST {base}/chat/completions with the key as Bearer and uses a checked answer', async () => {
    api.answer(() =>
      chat(
        JSON.stringify({ headline: 'Le pain bio de Lyon', supporting: 'Levain et viennoiseries du matin' }),
      ),
    );
    const copy = await createCopywriter(config).expressCopy(express);
    expect(copy).toEqual({
      source: 'openai',
      headline: 'Le pain bio de Lyon',
      supporting: 'Levain et viennoiseries du matin',
      language: 'fr',
    });
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = JSON.parse(request!.body);
    expect(body.model).toBe('copy-model');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: description });
    expect(body.messages[0].content).toMatch(/French/);
  });

  it('offers three checked slogan suggestions from the model', async () => {
    api.answer(() =>
      chat(
        '```json\n{"slogans": ["Le café de Lyon depuis 1952", "Torréfié avec patience", "Un café qui a du caractère"]}\n```',
      ),
    );
    const result = await createCopywriter(config).slogans(sloganContext);
    expect(result).toEqual({
      source: 'openai',
      suggestions: ['Le café de Lyon depuis 1952', 'Torréfié avec patience', 'Un café qui a du caractère'],
      language: 'fr',
    });
    expect(JSON.parse(api.requests[0]!.body).messages.at(-1).content).toMatch(/Torréfié à Lyon depuis 1952/);
  });

  const FAILURES: [string, () => FakeAnswer, Record<string, unknown>][] = [
    [
      'a 401',
      () => json(401, { error: { message: `bad key ${KEY}`, code: 'invalid_api_key', type: 'auth' } }),
      { reason: 'http_401', status: 401, code: 'invalid_api_key', type: 'auth' },
    ],
    [
      'a 429',
      () => json(429, { error: { code: 'rate_limit_exceeded' } }),
      { reason: 'http_429', status: 429, code: 'rate_limit_exceeded' },
    ],
    ['a 500', () => ({ status: 500, body: 'Internal error' }), { reason: 'http_500', status: 500 }],
    ['a 503', () => json(503, {}), { reason: 'http_503', status: 503 }],
    ['no answer within the time limit', () => ({ ...chat('{}'), delayMs: 3000 }), { reason: 'timeout' }],
    [
      'a body that is not JSON',
      () => ({ status: 200, body: '{"choices": [' }),
      { reason: 'malformed_response' },
    ],
    ['no choices', () => json(200, { choices: [] }), { reason: 'malformed_response' }],
    [
      'a content that is not JSON',
      () => chat('Here is your headline: Le pain bio'),
      { reason: 'malformed_response' },
    ],
    ['a content that is an array', () => chat('["Le pain bio"]'), { reason: 'malformed_response' }],
    ['a content of the wrong type', () => chat({ headline: 'Le pain' }), { reason: 'malformed_response' }],
    [
      'a headline of the wrong type',
      () => chat('{"headline": 42}'),
      { reason: 'invalid_copy', issue: 'not_text' },
    ],
    [
      'an answer in English',
      () => chat('{"headline": "The organic bakery", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'wrong_language' },
    ],
    [
      'markup',
      () => chat('{"headline": "<b>Pain bio</b>", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'markup' },
    ],
    [
      'markdown',
      () => chat('{"headline": "**Pain bio** à Lyon", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'markup' },
    ],
    [
      'a quoted line',
      () => chat('{"headline": "« Pain bio à Lyon »", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'quoted' },
    ],
    [
      'a web address',
      () => chat('{"headline": "Pain bio sur www.pain.fr", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'url' },
    ],
    [
      'an invented price',
      () => chat('{"headline": "Pain bio dès 2 €", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'invented_figure' },
    ],
    [
      'an invented promise',
      () => chat('{"headline": "Le meilleur pain de Lyon", "supporting": null}'),
      { reason: 'invalid_copy', issue: 'invented_claim' },
    ],
    [
      'a headline too long',
      () => chat(JSON.stringify({ headline: 'Pain '.repeat(12) })),
      { reason: 'invalid_copy', issue: 'too_long' },
    ],
  ];

  it.each(FAILURES)(
    'falls back to the local copywriter on %s, and says why',
    async (_name, answer, fallback) => {
      api.answer(answer);
      warnings.length = 0;
      const copy = await createCopywriter(config, { logger }).expressCopy(express);
      expect(copy).toEqual({ ...localCopy, fallback });
      expect(JSON.stringify(warnings)).not.toContain(KEY);
      expect(warnings).toEqual([fallback]);
    },
  );

  it('falls back on a network failure (nothing listening)', async () => {
    const closed = await startFakeServer();
    await closed.close();
    const copy = await createCopywriter({ ...config, baseUrl: closed.origin }).expressCopy(express);
    expect(copy?.fallback).toMatchObject({ reason: 'network' });
    expect(copy?.source).toBe('local');
  });

  it.each([
    ['not a list', '{"slogans": "Le café"}', { reason: 'malformed_response' }],
    [
      'fewer than three usable lines',
      '{"slogans": ["Le café de Lyon", "<i>Torréfié</i>", "The best coffee"]}',
      { reason: 'invalid_copy', issue: 'markup' },
    ],
    [
      'lines in the wrong language',
      '{"slogans": ["The coffee of Lyon", "Roasted with care", "Coffee with character"]}',
      { reason: 'invalid_copy', issue: 'wrong_language' },
    ],
  ])('slogans fall back to local suggestions on %s', async (_name, content, fallback) => {
    api.answer(() => chat(content));
    const result = await createCopywriter(config).slogans(sloganContext);
    expect(result).toEqual({
      source: 'local',
      suggestions: localSlogans(sloganContext),
      language: 'fr',
      fallback,
    });
  });

  it('the local provider asks nothing of any server; no description means no copy and no call', async () => {
    api.answer(() => chat('{}'));
    expect(await createCopywriter({ kind: 'local' }).expressCopy(express)).toEqual(localCopy);
    expect((await createCopywriter({ kind: 'local' }).slogans(sloganContext)).source).toBe('local');
    expect(await createCopywriter(config).expressCopy({ description: '  ' })).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});

describe('Express copy from the model when the form says what the product is ("What is it?")', () => {
  const named = { description, productName: 'Pain au levain 1 kg', language: 'fr' } as const;

  it('tells the model the product and the business, and lets the figures of the name through', async () => {
    api.answer(() =>
      chat(JSON.stringify({ headline: 'Pain au levain 1 kg', supporting: 'Boulangerie bio à Lyon' })),
    );
    const copy = await createCopywriter(config).expressCopy(named);
    expect(copy).toEqual({
      source: 'openai',
      headline: 'Pain au levain 1 kg',
      supporting: 'Boulangerie bio à Lyon',
      language: 'fr',
    });
    const body = JSON.parse(api.requests[0]!.body);
    expect(body.messages.at(-1).content).toBe(
      `The product: Pain au levain 1 kg\nThe business: ${description}`,
    );
    expect(body.messages[0].content).toMatch(/speaks of the product/);
  });

  it('asks with the product alone when there is no description', async () => {
    api.answer(() => chat(JSON.stringify({ headline: 'Découvrez notre pain au levain', supporting: '' })));
    const copy = await createCopywriter(config).expressCopy({
      productName: 'Pain au levain',
      language: 'fr',
    });
    expect(copy).toMatchObject({
      source: 'openai',
      headline: 'Découvrez notre pain au levain',
      supporting: null,
    });
    expect(JSON.parse(api.requests[0]!.body).messages.at(-1).content).toBe('The product: Pain au levain');
  });

  it.each([
    ['an invented price', 'Pain au levain 1 kg à 4 €', 'invented_figure'],
    ['an invented superlative', 'Le meilleur pain au levain', 'invented_claim'],
    ['a perfection the user did not claim', 'Le pain au levain parfait', 'invented_claim'],
  ])('falls back to the local copy that speaks of the product on %s', async (_name, headline, issue) => {
    api.answer(() => chat(JSON.stringify({ headline, supporting: null })));
    const copy = await createCopywriter(config).expressCopy(named);
    expect(copy).toEqual({
      source: 'local',
      headline: 'Pain au levain 1 kg',
      supporting: 'Boulangerie bio à Lyon, pain au levain et viennoiseries',
      language: 'fr',
      fallback: { reason: 'invalid_copy', issue },
    });
  });
});
