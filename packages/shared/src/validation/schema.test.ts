import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUpInput } from '../api/auth';
import { brandKitInput } from '../api/brand';
import { contactInput } from '../api/contact';
import { cutoutUpdate } from '../api/cutout';
import { recentUploadsQuery } from '../api/uploads';
import { emailField, requiredName } from './fields';
import { list, text } from './schema';

/**
 * Values posing as a string or an array: a `length` that is no number. Zod's length rules compared
 * the first two with a number, which threw ("Cannot convert object to primitive value", "Cannot
 * convert a Symbol value to a number"), and refused the others a second time.
 */
const POSING: [string, unknown][] = [
  ['a length without a prototype', { length: Object.create(null) as object }],
  ['a symbol length', { length: Symbol('length') }],
  ['an object length', { length: {} }],
  ['a large length', { length: 1_000_000 }],
  ['an array', ['a', 'b', 'c', 'd', 'e', 'f']],
];

function refusal(schema: z.ZodType, input: unknown) {
  let result: ReturnType<z.ZodType['safeParse']> | undefined;
  expect(() => (result = schema.safeParse(input))).not.toThrow();
  expect(result?.success).toBe(false);
  return result?.error?.issues ?? [];
}

describe('text(): a value that is not a string meets the type rule and nothing else', () => {
  const rules: [string, z.ZodType][] = [
    ['.max()', text('validation.notText').max(3, 'validation.tooLong:3')],
    ['.min()', text('validation.notText').min(3, 'validation.required')],
    ['.length()', text('validation.notText').length(3, 'validation.invalid')],
    ['.trim() and .max()', text('validation.notText').trim().toLowerCase().max(3, 'validation.tooLong:3')],
    ['.regex()', text('validation.notText').regex(/^a+$/, 'validation.invalid')],
    ['zod’s e-mail rule', text('validation.notText').regex(z.regexes.email, 'validation.emailInvalid')],
    ['a refinement', text('validation.notText').refine((value) => value.length > 1, 'validation.invalid')],
  ];
  for (const [rule, schema] of rules) {
    it.each(POSING)(`${rule}, given %s`, (_name, input) => {
      const issues = refusal(schema, input);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        code: 'invalid_type',
        expected: 'string',
        message: 'validation.notText',
      });
    });
  }

  it('still applies every rule to a string, with its own message', () => {
    const schema = text('validation.notText')
      .trim()
      .min(2, 'validation.required')
      .max(3, 'validation.tooLong:3');
    expect(schema.parse('  ab  ')).toBe('ab');
    expect(refusal(schema, 'abcd')[0]).toMatchObject({ code: 'too_big', message: 'validation.tooLong:3' });
    expect(refusal(schema, ' a ')[0]).toMatchObject({ code: 'too_small', message: 'validation.required' });
    expect(refusal(schema, 3)[0]).toMatchObject({ code: 'invalid_type', message: 'validation.notText' });
  });
});

describe('list(): a value that is not an array meets the type rule and nothing else', () => {
  const schema = list(z.number(), {
    error: 'validation.invalid',
    min: [1, 'validation.required'],
    max: [3, 'validation.outOfRange'],
  });

  it.each(POSING.filter(([, input]) => !Array.isArray(input)))('given %s', (_name, input) => {
    const issues = refusal(schema, input);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'invalid_type',
      expected: 'array',
      message: 'validation.invalid',
    });
  });

  it('still bounds an array, with the bounds’ messages', () => {
    expect(schema.parse([1, 2])).toEqual([1, 2]);
    expect(refusal(schema, [])[0]).toMatchObject({ code: 'too_small', message: 'validation.required' });
    expect(refusal(schema, [1, 2, 3, 4])[0]).toMatchObject({
      code: 'too_big',
      message: 'validation.outOfRange',
    });
  });

  it('refuses an oversized array before reading its elements', () => {
    const issues = refusal(
      schema,
      Array.from({ length: 100_000 }, () => 'not a number'),
    );
    expect(issues).toEqual([expect.objectContaining({ code: 'too_big', message: 'validation.outOfRange' })]);
  });
});

describe('contracts given an object posing as a string or an array', () => {
  const posing = { length: Object.create(null) as object };

  it('the recent uploads’ cursor is refused as not text', () => {
    expect(refusal(recentUploadsQuery, { role: 'product', cursor: posing })).toEqual([
      expect.objectContaining({ code: 'invalid_type', path: ['cursor'] }),
    ]);
  });

  it('form fields answer with their usual message', () => {
    expect(refusal(emailField, posing)[0]?.message).toBe('validation.notText');
    expect(refusal(requiredName, posing)[0]?.message).toBe('validation.notText');
    const issues = refusal(signUpInput, {
      email: 'a@example.com',
      password: 'Secret123',
      firstName: posing,
    });
    expect(issues.find((issue) => issue.path[0] === 'firstName')?.message).toBe('validation.notText');
    const contact = refusal(contactInput, { subject: posing });
    expect(contact.find((issue) => issue.path[0] === 'subject')?.message).toBe('validation.notText');
  });

  it('lists are refused with their own message', () => {
    expect(refusal(brandKitInput, { colours: posing })[0]).toMatchObject({
      path: ['colours'],
      message: 'brand.colourInvalid',
    });
    const issues = refusal(cutoutUpdate, {
      choice: 'cutout',
      corrections: { strokes: [{ kind: 'keep', radius: 0.01, points: posing }] },
    });
    expect(issues[0]?.message).toBe('cutout.invalidCorrection');
  });
});
