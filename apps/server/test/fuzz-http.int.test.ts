/**
 * Every route that takes a JSON body, and the routes that read a query string, fed random and hostile
 * input through HTTP as a signed-in user: the server never answers 5xx, and every refusal is a 4xx whose
 * message is one of the catalog's sentences in the language the client asked for.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@vitrine/shared/i18n/catalog';
import type { Lang } from '@vitrine/shared/locale';
import { useTestApp } from './helpers/test-app';
import { signedInUser } from './helpers/factories';

const RUNS = 25;

// Limits scaled up: the fuzzing must reach validation, not stop at the rate limiter.
const t = useTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signedInUser(t.app, 'fuzz@example.test'));
});

function sentences(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(sentences);
  return [];
}

/** Each catalog sentence of a language as a pattern, its {{placeholders}} matching any text. */
const TEMPLATES: Record<Lang, RegExp[]> = {
  fr: sentences(catalogs.fr).map(toPattern),
  en: sentences(catalogs.en).map(toPattern),
};

function toPattern(template: string): RegExp {
  const parts = template
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}

const HOSTILE = [
  '',
  '\u0000',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  "' OR 1=1 --",
  '__proto__',
  '1e309',
  'https://169.254.169.254/latest/meta-data/x.png',
  '🦄'.repeat(200),
  'a'.repeat(5000),
];
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...HOSTILE),
);
const { value: hostileJson } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
}));
/** An object with the route's own field names (so the inner rules are reached) and hostile values. */
const bodyWith = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, hostileJson])), { requiredKeys: [] }),
    hostileJson,
  );

type Route = { method: 'POST' | 'PUT' | 'PATCH'; url: string; fields: string[]; signedIn?: boolean };

const JSON_ROUTES: Route[] = [
  {
    method: 'POST',
    url: '/api/auth/sign-up',
    fields: ['email', 'password', 'firstName', 'lastName', 'website'],
  },
  { method: 'POST', url: '/api/auth/sign-in', fields: ['email', 'password'] },
  { method: 'POST', url: '/api/auth/verification/resend', fields: ['email'] },
  { method: 'POST', url: '/api/auth/password/forgot', fields: ['email'] },
  { method: 'POST', url: '/api/auth/password/reset', fields: ['token', 'password'] },
  {
    method: 'PATCH',
    url: '/api/profile',
    fields: ['firstName', 'lastName', 'companyName', 'jobTitle', 'phoneNumber', 'website'],
    signedIn: true,
  },
  {
    method: 'PUT',
    url: '/api/brand',
    fields: ['colours', 'logoUploadId', 'typography', 'signature'],
    signedIn: true,
  },
  { method: 'POST', url: '/api/uploads/from-url', fields: ['url', 'role'], signedIn: true },
  {
    method: 'PUT',
    url: `/api/uploads/${randomUUID()}/cutout`,
    fields: ['choice', 'corrections', 'box', 'strokes'],
    signedIn: true,
  },
  {
    method: 'POST',
    url: '/api/generations/fusion',
    fields: [
      'productUploadId',
      'contextUploadId',
      'position',
      'style',
      'palette',
      'typography',
      'format',
      'slogan',
    ],
    signedIn: true,
  },
  {
    method: 'POST',
    url: '/api/generations/express',
    fields: ['style', 'format', 'description', 'productName'],
    signedIn: true,
  },
  {
    method: 'PUT',
    url: `/api/generations/${randomUUID()}/edit?image=0`,
    fields: ['version', 'logo', 'texts'],
    signedIn: true,
  },
  { method: 'POST', url: '/api/copy/slogans', fields: ['productName', 'style', 'language'], signedIn: true },
  { method: 'POST', url: '/api/billing/checkout', fields: ['plan'], signedIn: true },
];

const QUERY_ROUTES = [
  '/api/uploads',
  '/api/history',
  '/api/generations/active',
  `/api/generations/${randomUUID()}`,
  `/api/generations/${randomUUID()}/edit`,
  `/api/images/${randomUUID()}/0`,
  '/api/billing/subscription',
  '/api/status',
];

function expectTranslatedRefusal(status: number, body: string, lang: Lang, where: string) {
  expect(status, `${where} → ${status}: ${body}`).toBeLessThan(500);
  if (status < 400) return;
  const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
  expect(typeof message, `${where}: ${body}`).toBe('string');
  expect(
    TEMPLATES[lang].some((pattern) => pattern.test(message as string)),
    `${where}: "${String(message)}" is not a ${lang} catalog sentence`,
  ).toBe(true);
}

describe('HTTP routes under random and hostile input', () => {
  it.each(JSON_ROUTES)('$method $url: never 5xx, every refusal a translated 4xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(bodyWith(route.fields), fc.constantFrom<Lang>('fr', 'en'), async (body, lang) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: {
            'content-type': 'application/json',
            'accept-language': lang,
            ...(route.signedIn && { cookie }),
          },
          payload: JSON.stringify(body),
        });
        expectTranslatedRefusal(res.statusCode, res.body, lang, `${route.method} ${route.url}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('bodies that are not JSON at all are refused with a translated 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_ROUTES),
        fc.oneof(hostileString, fc.constantFrom('{', '{"a":', '[1,]', '\u0000{}')),
        fc.constantFrom<Lang>('fr', 'en'),
        async (route, raw, lang) => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            headers: { 'content-type': 'application/json', 'accept-language': lang, cookie },
            payload: raw,
          });
          expectTranslatedRefusal(res.statusCode, res.body, lang, `${route.method} ${route.url} raw`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('hostile query strings on reading routes: never 5xx, every refusal translated', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...QUERY_ROUTES),
        fc.dictionary(fc.constantFrom('role', 'limit', 'image', 'cursor', '__proto__'), hostileString, {
          maxKeys: 3,
        }),
        fc.constantFrom<Lang>('fr', 'en'),
        async (url, query, lang) => {
          const res = await t.app.inject({
            method: 'GET',
            url,
            query,
            headers: { 'accept-language': lang, cookie },
          });
          expectTranslatedRefusal(res.statusCode, res.body, lang, `GET ${url}`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
