/** Parses untrusted input with a shared zod contract; failures become a translated VALIDATION_FAILED. */
import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '@vitrine/shared/i18n/catalog';
import { parseValidationMessage } from '@vitrine/shared/validation/fields';
import { AppError, type AppErrorOptions, type FieldErrors } from './app-error';

type Issue = z.core.$ZodIssue;

/** The value an issue is about, found by its path in the input. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The catalog message of an issue: the contract's own key when it names one; otherwise one chosen by
 * what went wrong (zod's own messages, for rules a contract gives no message, are not shown).
 */
function toKey(issue: Issue, input: unknown): { key: MessageKey; params: Record<string, string> } {
  const missing = valueAt(input, issue.path) === undefined;
  // A field left out is missing, not of the wrong type, whatever message its type rule carries.
  if (issue.code === 'invalid_type' && missing) return { key: 'validation.required', params: {} };
  const { key, params } = parseValidationMessage(issue.message);
  if (isMessageKey(key)) return { key, params };
  if (missing) return { key: 'validation.required', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.expected === 'string' ? 'validation.notText' : 'validation.invalid', params: {} };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'validation.invalidOption', params: {} };
    case 'too_big':
    case 'too_small':
      return { key: 'validation.outOfRange', params: {} };
    default:
      return { key: 'validation.invalid', params: {} };
  }
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError('VALIDATION_FAILED');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : String(issue.path[0] ?? '_');
    if (fields[field]) continue;
    fields[field] =
      issue.code === 'unrecognized_keys' ? { key: 'validation.unknownField' } : toKey(issue, input);
  }
  const first = Object.values(fields)[0];
  throw new AppError('VALIDATION_FAILED', { messageKey: first?.key, params: first?.params, fields });
}

/**
 * Path parameters parsed with a shared schema: a path whose parameters do not match names nothing,
 * so it is not found (404, with `options`' message when given), never a validation error.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  params: unknown,
  options?: AppErrorOptions,
): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw new AppError('NOT_FOUND', options);
  return result.data;
}

/** A query string read with a schema whose every field has a fallback: it never refuses a request. */
export function readQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return schema.parse(query ?? {});
}
