/**
 * Every shared contract and validator, fed random and hostile input (strings of any kind, huge numbers,
 * deep nesting, prototype keys): none of them throws, and every refusal names a message that exists in
 * both catalogs, so the server and the forms can always answer with a translated 4xx.
 *
 * Each run draws new input. A failure prints its seed: FUZZ_SEED=<seed> draws the same input again.
 */
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import * as auth from './api/auth';
import * as brand from './api/brand';
import * as contact from './api/contact';
import * as copy from './api/copy';
import * as cutout from './api/cutout';
import * as devMailbox from './api/dev-mailbox';
import * as editor from './api/editor';
import * as generation from './api/generation';
import * as generations from './api/generations';
import * as health from './api/health';
import * as site from './api/site';
import * as uploads from './api/uploads';
import * as fields from './validation/fields';
import * as imageUrl from './validation/image-url';
import * as ipRanges from './validation/ip-ranges';
import * as uploadFile from './validation/upload-file';
import { translate, type MessageKey } from './i18n/catalog';
import { LANGUAGES } from './locale';
import { parseValidationMessage } from './validation/fields';
import { checkImageUrl, isPrivateHost, sanitizeUrlText } from './validation/image-url';
import { isBlockedIp, parseIpv4, parseIpv6 } from './validation/ip-ranges';
import { checkFileName, checkUploadFile } from './validation/upload-file';

const RUNS = 300;

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** FUZZ_SEED, or '' (vitest.config.ts). */
    fuzzSeed: string;
  }
}

const seed = inject('fuzzSeed');
if (seed && !/^-?\d+$/.test(seed)) throw new Error(`FUZZ_SEED must be a whole number (got "${seed}")`);
if (seed) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });

const HOSTILE = [
  '',
  ' ',
  '\u0000',
  '\r\nBcc: victim@example.com',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1 --",
  '\u202egpj.exe',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'NaN',
  '1e309',
  '-0',
  'https://169.254.169.254/latest/meta-data',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'https://[::ffff:127.0.0.1]/a.png',
  'https://0x7f000001/a.png',
  '🦄'.repeat(300),
  'a'.repeat(20_000),
  '\ud800',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...HOSTILE),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, Infinity, -Infinity, NaN, -0),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 4,
    }),
  ),
}));

/** Input shaped like what the schema expects (its own keys, hostile values), to reach the inner rules. */
function shapedInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape as Record<string, unknown>);
    const known = fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), {
      requiredKeys: [],
    });
    return fc.tuple(known, fc.dictionary(hostileString, hostileValue, { maxKeys: 2 })).map(([a, b]) => ({
      ...b,
      ...a,
    }));
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return fc.oneof(...(schema.options as z.ZodType[]).map((option) => shapedInput(option)));
  }
  return hostileValue;
}

function assertTranslatable(message: string, where: string) {
  const { key, params } = parseValidationMessage(message);
  // Messages outside "validation." are zod's own (a wrong type for the whole value): the server and the
  // forms answer those with "validation.notText", which exists. Ours must exist in both languages.
  if (!key.startsWith('validation.')) return;
  for (const lang of LANGUAGES) {
    expect(() => translate(lang, key as MessageKey, params), `${where}: ${message}`).not.toThrow();
  }
}

/** Every module of contracts and validators (a new one is added here). */
const MODULES: Record<string, Record<string, unknown>> = {
  'api/auth': auth,
  'api/brand': brand,
  'api/contact': contact,
  'api/copy': copy,
  'api/cutout': cutout,
  'api/dev-mailbox': devMailbox,
  'api/editor': editor,
  'api/generation': generation,
  'api/generations': generations,
  'api/health': health,
  'api/site': site,
  'api/uploads': uploads,
  'validation/fields': fields,
  'validation/image-url': imageUrl,
  'validation/ip-ranges': ipRanges,
  'validation/upload-file': uploadFile,
};

function sharedSchemas(): { name: string; schema: z.ZodType }[] {
  return Object.entries(MODULES).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => ({ name: `${module} ${name}`, schema })),
  );
}

const schemas = sharedSchemas();

describe('shared contracts under random and hostile input', () => {
  it('finds the contracts (the request bodies and fields among them)', () => {
    const names = schemas.map((s) => s.name.split(' ')[1]);
    for (const expected of [
      'signUpInput',
      'signInInput',
      'profileUpdateInput',
      'fusionRequest',
      'expressRequest',
      'editorDocument',
      'cutoutUpdate',
      'contactInput',
      'sloganSuggestionsBody',
      'emailField',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(schemas)(
    '$name never throws, and names a translated message for every refusal',
    ({ name, schema }) => {
      fc.assert(
        fc.property(fc.oneof(shapedInput(schema), hostileValue), (input) => {
          const result = schema.safeParse(input);
          if (!result.success) {
            expect(result.error.issues.length).toBeGreaterThan(0);
            for (const issue of result.error.issues) assertTranslatable(issue.message, name);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});

/** Values posing as a string, an array or a set: their `length` or `size` compares with no number. */
const POSING: unknown[] = [
  { length: Object.create(null) as object },
  { length: Symbol('length') },
  { size: Object.create(null) as object },
  { size: Symbol('size') },
];

/**
 * Inputs that put `value` at each place a schema reads, one place at a time, at any depth (objects
 * hold the literals they require, so a discriminated union reaches each of its options).
 */
function placements(schema: z.ZodType, value: unknown, depth = 0): unknown[] {
  if (depth > 12) return [value];
  const deeper = (inner: z.ZodType) => placements(inner, value, depth + 1);
  if (schema instanceof z.ZodObject) {
    const shape = Object.entries(schema.shape as Record<string, z.ZodType>);
    const literals = Object.fromEntries(
      shape.flatMap(([key, field]) => (field instanceof z.ZodLiteral ? [[key, field.def.values[0]]] : [])),
    );
    return [value, ...shape.flatMap(([key, field]) => deeper(field).map((v) => ({ ...literals, [key]: v })))];
  }
  if (schema instanceof z.ZodArray) return [value, ...deeper(schema.element as z.ZodType).map((v) => [v])];
  if (schema instanceof z.ZodTuple) {
    const items = schema.def.items as z.ZodType[];
    return [
      value,
      ...items.flatMap((item, i) => deeper(item).map((v) => items.map((_, j) => (i === j ? v : 0)))),
    ];
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(deeper);
  if (schema instanceof z.ZodPipe)
    return [...deeper(schema.in as z.ZodType), ...deeper(schema.out as z.ZodType)];
  const inner = (schema.def as { innerType?: z.ZodType }).innerType;
  return inner ? deeper(inner) : [value];
}

describe('shared contracts given objects posing as text or a list, at any depth', () => {
  it.each(schemas)(
    '$name never throws, and names a translated message for every refusal',
    ({ name, schema }) => {
      const inputs = POSING.flatMap((value) => placements(schema, value));
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) {
        let result: ReturnType<typeof schema.safeParse> | undefined;
        expect(
          () => (result = schema.safeParse(input)),
          `${name}: ${String(fc.stringify(input))}`,
        ).not.toThrow();
        for (const issue of result?.error?.issues ?? []) assertTranslatable(issue.message, name);
      }
    },
  );
});

describe('shared validators under random and hostile input', () => {
  it('image URLs: never throws; a refusal is a translated message; an accepted URL is https and public', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileString,
          fc.webUrl(),
          fc.webUrl().map((u) => `${u}/x.png`),
        ),
        (raw) => {
          const result = checkImageUrl(raw);
          if (result.ok) {
            expect(result.url.protocol).toBe('https:');
            expect(isPrivateHost(result.url.hostname)).toBe(false);
          } else {
            for (const lang of LANGUAGES) expect(() => translate(lang, result.error)).not.toThrow();
          }
          expect(sanitizeUrlText(raw).length).toBeLessThanOrEqual(2048);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('file names and files: never throws; each refusal is a translated message', () => {
    fc.assert(
      fc.property(hostileString, hostileNumber, hostileString, (name, size, type) => {
        for (const error of [checkFileName(name), checkUploadFile({ name, size, type })]) {
          if (error) for (const lang of LANGUAGES) expect(() => translate(lang, error)).not.toThrow();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('IP parsing and the private-range check never throw on any text', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.ipV4(), fc.ipV6(), fc.ipV4Extended()), (text) => {
        parseIpv4(text);
        parseIpv6(text);
        expect(typeof isBlockedIp(text)).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });
});
