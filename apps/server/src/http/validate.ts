/** Parses untrusted input with a shared zod contract; failures become a translated VALIDATION_FAILED. */
import type { z } from 'zod';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { parseValidationMessage } from '@vitrine/shared/validation/fields';
import { AppError, type FieldErrors } from './app-error';

function toKey(message: string): { key: MessageKey; params: Record<string, string> } {
  const { key, params } = parseValidationMessage(message);
  // zod's own messages (wrong type of the whole body, unknown keys) are not catalog keys.
  return key.startsWith('validation.')
    ? { key: key as MessageKey, params }
    : { key: 'validation.notText', params };
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
      issue.code === 'unrecognized_keys' ? { key: 'validation.unknownField' } : toKey(issue.message);
  }
  const first = Object.values(fields)[0];
  throw new AppError('VALIDATION_FAILED', { messageKey: first?.key, params: first?.params, fields });
}
